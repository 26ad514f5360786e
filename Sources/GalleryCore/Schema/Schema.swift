import JSON

/// Small builders for the JSON Schemas in the OpenRPC document.
public enum Schema {
  public static let string: JSONValue = .object(["type": .string("string")])
  public static let boolean: JSONValue = .object(["type": .string("boolean")])
  public static let null: JSONValue = .object(["type": .string("null")])
  public static let number: JSONValue = .object(["type": .string("number")])
  public static let anyValue: JSONValue = .object([:])
  public static func integer(minimum: Int? = nil, maximum: Int? = nil) -> JSONValue {
    var m: [String: JSONValue] = ["type": .string("integer")]
    if let minimum { m["minimum"] = .number(Double(minimum)) }
    if let maximum { m["maximum"] = .number(Double(maximum)) }
    return .object(m)
  }

  /// A refinement (`SchemaRefined`): the bounds of a number, merged into its derived schema.
  public static func bounds(minimum: Double? = nil, maximum: Double? = nil) -> JSONValue {
    var m: [String: JSONValue] = [:]
    if let minimum { m["minimum"] = .number(minimum) }
    if let maximum { m["maximum"] = .number(maximum) }
    return .object(m)
  }

  /// A refinement: a whole number at least `minimum` (a count, an id, a size).
  public static func atLeast(_ minimum: Int) -> JSONValue { bounds(minimum: Double(minimum)) }

  /// A refinement: a whole number inside `range`.
  public static func within(_ range: ClosedRange<Int>) -> JSONValue {
    bounds(minimum: Double(range.lowerBound), maximum: Double(range.upperBound))
  }

  /// A refinement: the values a string may take.
  public static func oneOf(_ values: [String]) -> JSONValue {
    .object(["enum": .array(values.map { .string($0) })])
  }

  public static func enumeration(_ values: [String]) -> JSONValue {
    .object(["type": .string("string"), "enum": .array(values.map { .string($0) })])
  }

  public static func array(_ items: JSONValue) -> JSONValue {
    .object(["type": .string("array"), "items": items])
  }

  public static func nullable(_ schema: JSONValue) -> JSONValue {
    .object(["oneOf": .array([null, schema])])
  }

  public static func ref(_ name: String) -> JSONValue {
    .object(["$ref": .string("#/components/schemas/\(name)")])
  }

  /// An object with exactly these properties (all required unless listed in `optional`).
  public static func object(_ properties: [String: JSONValue], optional: [String] = [], open: Bool = false)
    -> JSONValue
  {
    var m: [String: JSONValue] = [
      "type": .string("object"), "properties": .object(properties),
      "required": .array(properties.keys.filter { !optional.contains($0) }.sorted().map { .string($0) }),
    ]
    if !open { m["additionalProperties"] = .bool(false) }
    return .object(m)
  }
}
