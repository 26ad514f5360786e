import JSON

/// Derives the published JSON Schema of a type from its own `Decodable` declaration: it
/// decodes the type from a decoder that answers every question and writes down what was
/// asked (each member's name, type and whether it may be absent). So the schema and the
/// state cannot drift: a member added to a state type is in the schema the next time the
/// process starts. Structs become components (`$ref`); a type whose JSON is not what its
/// members say declares it (`SchemaDescribed`); bounds the type system cannot hold are
/// declared beside the type (`SchemaRefined`). Used once, when the document is built.
public final class SchemaRecorder {
  /// The components recorded so far, by name.
  public private(set) var components: [String: JSONValue] = [:]
  /// The names of the members left out because they are `@CoreOnly` (the view's bookkeeping,
  /// as `JSONValueEncoder(view: true)` leaves it out), at any depth.
  public private(set) var hiddenMembers: Set<String> = []
  private var names: [ObjectIdentifier: String] = [:]
  private var owners: [String: String] = [:]
  private var samples: [ObjectIdentifier: Any] = [:]
  private var inProgress: Set<ObjectIdentifier> = []

  /// A recorder of the view's schema: `@CoreOnly` members are left out.
  public init() {}

  /// The schema of `type`: a `$ref` to its component for a struct (recorded on first use),
  /// else the schema itself. A declaration the recorder cannot read stops the process: it is
  /// a programming error, met when the document is first built (and by every schema test).
  public func schema<T: Decodable>(of type: T.Type) -> JSONValue {
    do {
      return try read(type).schema
    } catch {
      preconditionFailure("the schema of \(String(reflecting: type)) cannot be derived: \(error)")
    }
  }

  /// The schema of `type` and a value of it to hand back to whoever holds one.
  func read<T: Decodable>(_ type: T.Type) throws -> (schema: JSONValue, sample: T) {
    if let described = T.self as? any SchemaDescribed.Type {
      return (described.schema(in: self), described.schemaSample as! T)
    }
    if let named = T.self as? any (CaseIterable & RawRepresentable).Type,
      let cases = Self.stringCases(named)
    {
      return (Schema.enumeration(cases.names), cases.first as! T)
    }
    if let named = T.self as? any DeclaredName.Type, let first = named.declared.first {
      return (Schema.enumeration(named.declared.map(\.rawValue)), first as! T)
    }
    switch T.self {
    case is String.Type: return (Schema.string, "" as! T)
    case is Bool.Type: return (Schema.boolean, false as! T)
    case is Int.Type: return (Schema.integer(), 0 as! T)
    case is Int64.Type: return (Schema.integer(), Int64(0) as! T)
    case is Int32.Type: return (Schema.integer(), Int32(0) as! T)
    case is Double.Type: return (Schema.number, 0.0 as! T)
    default: break
    }
    let id = ObjectIdentifier(T.self)
    if let name = names[id], let sample = samples[id] as? T { return (Schema.ref(name), sample) }
    guard inProgress.insert(id).inserted else {
      throw SchemaRecorderError.recursive(String(reflecting: T.self))
    }
    defer { inProgress.remove(id) }
    let decoder = ShapeDecoder(recorder: self)
    let sample = try T(from: decoder)
    guard case .object(let members, let ifPresent) = decoder.shape else {
      return (decoder.shape.schema, sample)
    }
    let present = ShapeDecoder(recorder: self, optionalsPresent: true)
    let full = try T(from: present)
    var object = try self.object(
      members, ifPresent: ifPresent, written: WrittenKeys.of(sample),
      writtenWhenPresent: WrittenKeys.of(full),
      of: T.self)
    if let refined = T.self as? any SchemaRefined.Type {
      object = try Self.refine(object, with: refined.schemaRefinements, in: String(reflecting: T.self))
    }
    let name = Self.componentName(of: T.self)
    let owner = String(reflecting: T.self)
    if let other = owners[name], other != owner { throw SchemaRecorderError.sameName(name, other, owner) }
    owners[name] = owner
    names[id] = name
    samples[id] = sample
    components[name] = object
    return (Schema.ref(name), sample)
  }

  /// An object's schema from what its decoding reads and its encoding writes, encoded once
  /// with every member read only if present left nil (`written`, with which were null) and
  /// once with them there. A member written as null is nullable; one written only when
  /// present is optional; one never written (read for old logs only) is not published.
  func object(
    _ members: [String: JSONValue], ifPresent: Set<String>, written: [String: Bool],
    writtenWhenPresent: [String: Bool], of type: Any.Type
  ) throws -> JSONValue {
    var properties: [String: JSONValue] = [:]
    var optional: [String] = []
    for (name, schema) in members {
      if let null = written[name] {
        properties[name] = null && ifPresent.contains(name) ? Schema.nullable(schema) : schema
      } else if writtenWhenPresent[name] != nil {
        properties[name] = schema
        optional.append(name)
      }
    }
    let all = Set(written.keys).union(writtenWhenPresent.keys)
    if let unread = all.first(where: { members[$0] == nil && !hiddenMembers.contains($0) }) {
      throw SchemaRecorderError.unsupported("\(String(reflecting: type)) writes \(unread) but never reads it")
    }
    return Schema.object(properties, optional: optional)
  }

  /// Notes that member `name` is `@CoreOnly`, so not published.
  func hide(_ name: String) { hiddenMembers.insert(name) }

  /// A component's name: the type's own (`SchemaNamed`), else its qualified name without the
  /// module and without `State` (`FeedState.PendingLoad` → `FeedPendingLoad`).
  static func componentName(of type: Any.Type) -> String {
    if let named = type as? any SchemaNamed.Type { return named.schemaName }
    return String(reflecting: type).split(separator: ".").dropFirst()
      .map { $0.hasSuffix("State") && $0 != "State" ? String($0.dropLast(5)) : String($0) }
      .joined()
  }

  /// The raw values of an enum of strings, and its first case.
  private static func stringCases<E: CaseIterable & RawRepresentable>(_ type: E.Type)
    -> (names: [String], first: E)?
  {
    guard let first = type.allCases.first else { return nil }
    let names = type.allCases.compactMap { $0.rawValue as? String }
    return names.count == type.allCases.count ? (names, first) : nil
  }

  /// `object` with each refinement merged into its member (through a null option, member by
  /// member into nested objects); a refinement naming no member is an error.
  static func refine(_ object: JSONValue, with refinements: [String: JSONValue], in owner: String) throws
    -> JSONValue
  {
    guard case .object(var schema) = object, case .object(var properties)? = schema["properties"] else {
      return object
    }
    for (name, refinement) in refinements {
      guard let member = properties[name] else { throw SchemaRecorderError.noSuchMember(name, owner) }
      properties[name] = merged(member, refinement)
    }
    schema["properties"] = .object(properties)
    return .object(schema)
  }

  private static func merged(_ schema: JSONValue, _ refinement: JSONValue) -> JSONValue {
    guard case .object(var target) = schema, case .object(let extra) = refinement else { return refinement }
    if case .array(let options)? = target["oneOf"], options.count == 2, options[0] == Schema.null {
      return Schema.nullable(merged(options[1], refinement))
    }
    for (key, value) in extra { target[key] = target[key].map { merged($0, value) } ?? value }
    return .object(target)
  }
}

/// Why a type's schema could not be derived.
enum SchemaRecorderError: Error, CustomStringConvertible {
  case recursive(String)
  case sameName(String, String, String)
  case noSuchMember(String, String)
  case unsupported(String)

  var description: String {
    switch self {
    case .recursive(let type): return "\(type) holds itself; declare its schema (SchemaDescribed)"
    case .sameName(let name, let a, let b):
      return "\(a) and \(b) are both named \(name); declare one (SchemaNamed)"
    case .noSuchMember(let name, let owner): return "\(owner) refines \(name), which it does not have"
    case .unsupported(let what): return "\(what) is not read by the shape decoder; declare the schema"
    }
  }
}

/// A type whose JSON is not what its members say (a custom `Codable`, a name checked against
/// a declared list, a dictionary): it declares its schema beside its coding.
public protocol SchemaDescribed {
  /// Its schema; `recorder` gives the schema of the types it holds.
  static func schema(in recorder: SchemaRecorder) -> JSONValue
  /// Any valid value, handed to whoever holds one while the shape is read (never shown).
  static var schemaSample: Self { get }
}

/// A struct whose members need what their types cannot say (an integer's bounds, a string's
/// declared values): each refinement is merged into the derived member's schema.
public protocol SchemaRefined {
  /// Partial schemas by member name (`["page": Schema.bounds(minimum: 0)]`).
  static var schemaRefinements: [String: JSONValue] { get }
}

/// A struct published under a name of its own rather than its type's.
public protocol SchemaNamed {
  /// The component's name.
  static var schemaName: String { get }
}
