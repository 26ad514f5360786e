import JSON

/// Reads a method's named parameters, refusing unknown names and wrong types with an error
/// that names the parameter. A method that reads a name it did not declare gets an internal
/// error (-32603) naming it, so a declaration and its reader cannot drift apart unnoticed.
public struct Params {
  private let members: Members
  private let declared: [String]
  /// The longest string parameter, in UTF-8 bytes. Every domain limit is lower (an email
  /// past 254 characters is invalid anyway); this bound keeps a hostile value out of the log.
  public static let maxStringBytes = 65536

  /// The members as parsed, or where each stands in the params' text (read when asked).
  private enum Members {
    case parsed([String: JSONValue])
    case text([UInt8], MemberSpans)
  }

  /// `allowed` lists every accepted name; `lenient` accepts others (initialize takes LSP clients' extras).
  public init(_ params: RPCParams?, allowed: [String], lenient: Bool = false) throws(RPCError) {
    declared = allowed
    if case .text(let bytes, let range)? = params?.form, let spans = MemberSpans(bytes, range) {
      members = .text(bytes, spans)
      if !lenient, let unknown = spans.firstUnknown(in: bytes, allowed: allowed) {
        throw Self.unknown(unknown, allowed: allowed)
      }
      return
    }
    let parsed: [String: JSONValue]
    switch params?.value {
    case nil: parsed = [:]
    case .object(let m)?: parsed = m
    case .array(let a)? where a.isEmpty: parsed = [:]
    default: throw RPCError.invalidParams("params must be an object with named members")
    }
    members = .parsed(parsed)
    // The names are sorted only to name the first unknown one (most calls have none).
    if !lenient, parsed.keys.contains(where: { !allowed.contains($0) }) {
      for name in parsed.keys.sorted() where !allowed.contains(name) {
        throw Self.unknown(name, allowed: allowed)
      }
    }
  }

  /// Params already parsed (a member of a batch, a test).
  public init(_ params: JSONValue?, allowed: [String], lenient: Bool = false) throws(RPCError) {
    try self.init(params.map(RPCParams.init), allowed: allowed, lenient: lenient)
  }

  private static func unknown(_ name: String, allowed: [String]) -> RPCError {
    let expected = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
    return RPCError.invalidParams("unknown parameter \(String(reflecting: name)); expected: \(expected)")
  }

  /// The member `name`, once it is known to be declared.
  private func member(_ name: String) throws(RPCError) -> JSONValue? {
    guard declared.contains(name) else {
      throw RPCError.internalError("the method reads parameter \"\(name)\", which it does not declare")
    }
    switch members {
    case .parsed(let m): return m[name]
    case .text(let bytes, let spans): return spans.value(of: name, in: bytes)
    }
  }

  public func string(_ name: String) throws(RPCError) -> String {
    // A plain string in the text is read straight from its bytes (a keystroke's value).
    if case .text(let bytes, let spans) = members, declared.contains(name),
      let s = spans.plainString(name, in: bytes)
    {
      return try Self.bounded(s, name)
    }
    guard let value = try member(name) else {
      throw RPCError.invalidParams("missing parameter \"\(name)\" (a string)")
    }
    guard case .string(let s) = value else {
      throw RPCError.invalidParams("parameter \"\(name)\" must be a string")
    }
    return try Self.bounded(s, name)
  }

  private static func bounded(_ s: String, _ name: String, limit: Int = maxStringBytes) throws(RPCError)
    -> String
  {
    guard s.utf8.count <= limit else {
      throw RPCError.invalidParams(
        "parameter \"\(name)\" is \(s.utf8.count) bytes, over the limit of \(limit); nothing was recorded"
      )
    }
    return s
  }

  /// The string `name` if given; `maxBytes` raises the bound for a parameter that carries
  /// content (an upload's base64 bytes), never past the message size.
  public func optionalString(_ name: String, maxBytes: Int = maxStringBytes) throws(RPCError) -> String? {
    guard let value = try member(name), value != .null else { return nil }
    guard case .string(let s) = value else {
      throw RPCError.invalidParams("parameter \"\(name)\" must be a string")
    }
    return try Self.bounded(s, name, limit: maxBytes)
  }

  /// A whole number from `range`.
  public func optionalInt(_ name: String, in range: ClosedRange<Int>) throws(RPCError) -> Int? {
    guard let value = try member(name), value != .null else { return nil }
    // Exact: no trip through Double, so Int.max is read as itself and 2^63 is out of range.
    guard let exact = value.exactInteger, let n = Int(exactly: exact), range.contains(n) else {
      throw RPCError.invalidParams(
        "parameter \"\(name)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
    }
    return n
  }

  public func int(_ name: String, in range: ClosedRange<Int>) throws(RPCError) -> Int {
    guard let n = try optionalInt(name, in: range) else {
      throw RPCError.invalidParams("missing parameter \"\(name)\" (a whole number)")
    }
    return n
  }

  public func bool(_ name: String) throws(RPCError) -> Bool {
    guard let value = try member(name) else {
      throw RPCError.invalidParams("missing parameter \"\(name)\" (true or false)")
    }
    guard case .bool(let b) = value else {
      throw RPCError.invalidParams("parameter \"\(name)\" must be true or false")
    }
    return b
  }

  /// An array of strings, at most `limit` long.
  public func strings(_ name: String, limit: Int = 1000) throws(RPCError) -> [String] {
    guard let value = try member(name) else {
      throw RPCError.invalidParams("missing parameter \"\(name)\" (an array of strings)")
    }
    guard case .array(let items) = value, items.count <= limit else {
      throw RPCError.invalidParams("parameter \"\(name)\" must be an array of at most \(limit) strings")
    }
    var out: [String] = []
    for item in items {
      guard case .string(let s) = item else {
        throw RPCError.invalidParams("parameter \"\(name)\" must hold strings only")
      }
      out.append(try Self.bounded(s, name))
    }
    return out
  }

  /// The raw value of a parameter.
  public func raw(_ name: String) throws(RPCError) -> JSONValue? { try member(name) }

  /// The parameters as they came (an object).
  public var json: JSONValue {
    switch members {
    case .parsed(let m): return .object(m)
    case .text(let bytes, let spans): return spans.object(in: bytes)
    }
  }
}
