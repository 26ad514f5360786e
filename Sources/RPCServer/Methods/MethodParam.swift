import GalleryCore

/// A parameter declared once: what the OpenRPC document says of it (name, schema, summary)
/// and how its typed value is read from a request, so the two cannot drift apart. A method
/// receives the values of the parameters it declares as its build closure's arguments.
public struct MethodParam<Value: Sendable>: Sendable {
  /// The document's side: name, schema, whether it is required, its summary (several for a
  /// value read from a family of parameters, as `settings/update`'s providers).
  public let declarations: [MethodSpec.Param]
  /// Reads the value from a request's parameters (refusing a wrong one with -32602).
  let read: @Sendable (Params) throws(RPCError) -> Value

  public init(_ declaration: MethodSpec.Param, read: @escaping @Sendable (Params) throws(RPCError) -> Value) {
    self.init(declarations: [declaration], read: read)
  }

  public init(
    declarations: [MethodSpec.Param], read: @escaping @Sendable (Params) throws(RPCError) -> Value
  ) {
    self.declarations = declarations
    self.read = read
  }

  /// A required string (at most `Params.maxStringBytes`).
  public static func string(_ name: String, _ summary: String) -> MethodParam<String> {
    .init(.init(name, Schema.string, summary)) { p throws(RPCError) in try p.string(name) }
  }

  /// An optional string; `maxBytes` raises the bound for content (an upload's base64 bytes).
  public static func optionalString(
    _ name: String, maxBytes: Int = Params.maxStringBytes, group: String? = nil, _ summary: String
  ) -> MethodParam<String?> {
    .init(.init(name, Schema.string, required: false, group: group, summary)) { p throws(RPCError) in
      try p.optionalString(name, maxBytes: maxBytes)
    }
  }

  /// A required whole number inside `range` (the schema's bounds).
  public static func int(_ name: String, in range: ClosedRange<Int>, _ summary: String) -> MethodParam<Int> {
    .init(.init(name, schema(range), summary)) { p throws(RPCError) in try p.int(name, in: range) }
  }

  /// An optional whole number. The schema publishes `range`; the reader accepts `accepting`
  /// (default: the same), for a value whose domain check answers with its own message
  /// (`settings.invalid` names the field and the values it takes).
  public static func optionalInt(
    _ name: String, in range: ClosedRange<Int>, accepting: ClosedRange<Int>? = nil, _ summary: String
  ) -> MethodParam<Int?> {
    let read = accepting ?? range
    return .init(.init(name, schema(range), required: false, summary)) { p throws(RPCError) in
      try p.optionalInt(name, in: read)
    }
  }

  /// A whole number's schema: its bounds (none above for `Int.max`, which any seq is below).
  private static func schema(_ range: ClosedRange<Int>) -> JSONValue {
    Schema.integer(minimum: range.lowerBound, maximum: range.upperBound == Int.max ? nil : range.upperBound)
  }

  /// A required `true` or `false`.
  public static func bool(_ name: String, _ summary: String) -> MethodParam<Bool> {
    .init(.init(name, Schema.boolean, summary)) { p throws(RPCError) in try p.bool(name) }
  }

  /// A required array of at most `limit` strings.
  public static func strings(_ name: String, limit: Int = 1000, _ summary: String) -> MethodParam<[String]> {
    .init(.init(name, Schema.array(Schema.string), summary)) { p throws(RPCError) in
      try p.strings(name, limit: limit)
    }
  }

  /// A required declared name of `type` (a tab, a screen): the schema's `enum` lists them.
  public static func choice<Choice: DeclaredName>(_ name: String, _ type: Choice.Type, _ summary: String)
    -> MethodParam<Choice>
  {
    let names = Choice.declared.map(\.rawValue)
    return .init(.init(name, Schema.enumeration(names), summary)) { p throws(RPCError) in
      guard let value = Choice(rawValue: try p.string(name)) else {
        throw RPCError.invalidParams("\(name) must be one of: \(names.joined(separator: ", "))")
      }
      return value
    }
  }

  /// An optional string the schema restricts to `values`; the reader takes any string, and
  /// the feature's own check refuses the others with a message naming them.
  public static func optionalChoice(_ name: String, _ values: [String], _ summary: String)
    -> MethodParam<String?>
  {
    .init(.init(name, Schema.enumeration(values), required: false, summary)) { p throws(RPCError) in
      try p.optionalString(name)
    }
  }

  /// Any JSON value, given or not, read as it came (`schema` documents it).
  public static func raw(_ name: String, _ schema: JSONValue, required: Bool = false, _ summary: String)
    -> MethodParam<JSONValue?>
  {
    .init(.init(name, schema, required: required, summary)) { p throws(RPCError) in try p.raw(name) }
  }

  /// The optional token a long request reports `$/progress` with.
  public static var workDoneToken: MethodParam<JSONValue?> {
    .raw("workDoneToken", Schema.anyValue, "if given, $/progress reports with this token")
  }

  /// How many items a listing answers at most (default 1000).
  public static var limit: MethodParam<Int?> {
    .optionalInt("limit", in: 1...10000, "at most this many (default 1000)")
  }
}

extension Params {
  /// The value of a declared parameter.
  public subscript<Value>(_ param: MethodParam<Value>) -> Value {
    get throws(RPCError) { try param.read(self) }
  }
}
