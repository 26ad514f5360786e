/// RFC 6902 JSON Patch: computing the operations that turn one document into another
/// (sized by what changed, not by the document) and applying them.
public enum JSONPatch {
  /// One operation.
  public struct Operation: Equatable, Sendable {
    public enum Kind: String, Sendable { case add, remove, replace }
    public var op: Kind
    public var path: String
    /// The value (nil for `remove`). An operation made `integers:` holds its numbers as they
    /// are and makes this array of them only when asked.
    public var value: JSONValue? {
      get {
        integers.map {
          .array($0.map { JSONValue.isExactDouble(Int64($0)) ? .number(Double($0)) : .integer(Int64($0)) })
        }
          ?? stored
      }
      set {
        stored = newValue
        integers = nil
      }
    }
    private var stored: JSONValue?
    /// A value that is an array of integers, kept as them (`init(_:_:integers:)`).
    private var integers: [Int]?

    public init(_ op: Kind, _ path: String, _ value: JSONValue? = nil) {
      self.op = op
      self.path = path
      self.stored = value
    }

    /// An operation whose value is an array of integers, kept as they are and written digit by
    /// digit with no `JSONValue` made per number (a search's 60,000 album ids in one patch).
    public init(_ op: Kind, _ path: String, integers: [Int]) {
      self.op = op
      self.path = path
      self.integers = integers
    }

    /// The same operation: kind, path and value (however the value is held).
    public static func == (a: Operation, b: Operation) -> Bool {
      if a.op != b.op || a.path != b.path { return false }
      if let x = a.integers, let y = b.integers { return x == y }
      return a.value == b.value
    }

    /// Appends the value's JSON to `out` (nothing for none).
    func writeValue(to out: inout JSONOutput) -> Bool {
      if let integers {
        // As the value's numbers are written (±2^53 itself is a `Double` the writer spells
        // otherwise: such a list is written as its value).
        if !JSONWriter.writeIntegers(integers, to: &out) { JSONWriter.write(value!, to: &out) }
        return true
      }
      guard let stored else { return false }
      JSONWriter.write(stored, to: &out)
      return true
    }

    /// `{"op":…,"path":…,"value":…}`.
    public var json: JSONValue {
      var members: [String: JSONValue] = ["op": .string(op.rawValue), "path": .string(path)]
      if let value { members["value"] = value }
      return .object(members)
    }
  }

  /// Appends `ops` as the JSON array `JSONWriter` writes for `.array(ops.map(\.json))`, with
  /// no tree made on the way (a keystroke's `state/changed` is written this way).
  public static func write(_ ops: [Operation], to out: inout JSONOutput) {
    out.append(UInt8(ascii: "["))
    for (i, op) in ops.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      switch op.op {
      case .add: JSONWriter.raw(#"{"op":"add","path":"#, to: &out)
      case .remove: JSONWriter.raw(#"{"op":"remove","path":"#, to: &out)
      case .replace: JSONWriter.raw(#"{"op":"replace","path":"#, to: &out)
      }
      JSONWriter.writeString(op.path, to: &out)
      let mark = out.count
      JSONWriter.raw(#","value":"#, to: &out)
      if !op.writeValue(to: &out) { out.removeLast(out.count - mark) }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
  }

  /// The operations that turn `old` into `new`.
  public static func diff(_ old: JSONValue, _ new: JSONValue, at path: String = "") -> [Operation] {
    var ops: [Operation] = []
    diff(old, new, path: path, into: &ops)
    return ops
  }

  private static func diff(_ old: JSONValue, _ new: JSONValue, path: String, into ops: inout [Operation]) {
    switch (old, new) {
    case (.object(let a), .object(let b)):
      for key in a.keys.sorted() where b[key] == nil {
        ops.append(Operation(.remove, path + "/" + JSONPointer.escape(key)))
      }
      for (key, after) in b.sorted(by: { $0.key < $1.key }) {
        if let before = a[key] {
          // Containers are compared by walking them once, in the recursive call.
          switch (before, after) {
          case (.object, .object), (.array, .array):
            diff(before, after, path: path + "/" + JSONPointer.escape(key), into: &ops)
          default:
            if before != after {
              ops.append(Operation(.replace, path + "/" + JSONPointer.escape(key), after))
            }
          }
        } else {
          ops.append(Operation(.add, path + "/" + JSONPointer.escape(key), after))
        }
      }
    case (.array(let a), .array(let b)):
      let common = min(a.count, b.count)
      for i in 0..<common where a[i] != b[i] { diff(a[i], b[i], path: path + "/\(i)", into: &ops) }
      if b.count > common {
        for i in common..<b.count { ops.append(Operation(.add, path + "/\(i)", b[i])) }
      } else if a.count > common {
        for i in stride(from: a.count - 1, through: common, by: -1) {
          ops.append(Operation(.remove, path + "/\(i)"))
        }
      }
    default:
      if old != new { ops.append(Operation(.replace, path, new)) }
    }
  }

  /// Why a patch could not be applied.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "patch at \(path): \(reason)" }
  }

  /// Applies `ops` to `document` (what a client does with each `state/changed`).
  public static func apply(_ ops: [Operation], to document: JSONValue) throws(Failure) -> JSONValue {
    var doc = document
    for op in ops {
      let tokens: [String]
      do { tokens = try JSONPointer.tokens(op.path) } catch {
        throw Failure(path: op.path, reason: error.reason)
      }
      try apply(op, tokens[...], to: &doc)
    }
    return doc
  }

  private static func apply(_ op: Operation, _ tokens: ArraySlice<String>, to doc: inout JSONValue)
    throws(Failure)
  {
    guard let token = tokens.first else {
      guard op.op != .remove, let value = op.value else {
        throw Failure(path: op.path, reason: "cannot remove the root")
      }
      doc = value
      return
    }
    let rest = tokens.dropFirst()
    switch doc {
    case .object(var members):
      if rest.isEmpty {
        switch op.op {
        case .add, .replace:
          guard op.op == .add || members[token] != nil else {
            throw Failure(path: op.path, reason: "no member to replace")
          }
          members[token] = op.value ?? .null
        case .remove:
          guard members.removeValue(forKey: token) != nil else {
            throw Failure(path: op.path, reason: "no member to remove")
          }
        }
      } else {
        guard var child = members[token] else {
          throw Failure(path: op.path, reason: "missing member \(token)")
        }
        try apply(op, rest, to: &child)
        members[token] = child
      }
      doc = .object(members)
    case .array(var items):
      let index = token == "-" ? items.count : Int(token) ?? -1
      if rest.isEmpty {
        switch op.op {
        case .add:
          guard index >= 0, index <= items.count else {
            throw Failure(path: op.path, reason: "index out of range")
          }
          items.insert(op.value ?? .null, at: index)
        case .replace:
          guard index >= 0, index < items.count else {
            throw Failure(path: op.path, reason: "index out of range")
          }
          items[index] = op.value ?? .null
        case .remove:
          guard index >= 0, index < items.count else {
            throw Failure(path: op.path, reason: "index out of range")
          }
          items.remove(at: index)
        }
      } else {
        guard index >= 0, index < items.count else {
          throw Failure(path: op.path, reason: "index out of range")
        }
        try apply(op, rest, to: &items[index])
      }
      doc = .array(items)
    default:
      throw Failure(path: op.path, reason: "parent is not a container")
    }
  }
}

extension JSONPatch.Operation {
  /// Reads an operation from its JSON form.
  public init?(json: JSONValue) {
    guard case .string(let op)? = json["op"], let kind = Kind(rawValue: op),
      case .string(let path)? = json["path"]
    else {
      return nil
    }
    self.init(kind, path, json["value"])
  }
}
