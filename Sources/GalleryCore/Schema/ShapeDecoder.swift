import JSON

/// What a type's `init(from:)` asked its decoder for: the shape `SchemaRecorder` publishes.
enum Shape {
  case none
  /// An object: each member's schema, and the members read only if present.
  case object([String: JSONValue], ifPresent: Set<String>)
  case array(JSONValue)
  case single(JSONValue)

  /// The schema of a shape that is not an object (an object's needs what its encoding writes).
  var schema: JSONValue {
    switch self {
    case .none: return Schema.anyValue
    case .object(let members, _): return Schema.object(members)
    case .array(let items): return Schema.array(items)
    case .single(let schema): return schema
    }
  }
}

/// The decoder `SchemaRecorder` reads a declaration with: it answers every question with a
/// sample value and writes down the question.
final class ShapeDecoder: Decoder {
  let recorder: SchemaRecorder
  /// Whether a member read only if present is there (the second reading, which shows what
  /// the encoding writes when it is).
  let optionalsPresent: Bool
  var shape = Shape.none
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(recorder: SchemaRecorder, optionalsPresent: Bool = false) {
    self.recorder = recorder
    self.optionalsPresent = optionalsPresent
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    if case .none = shape { shape = .object([:], ifPresent: []) }
    return KeyedDecodingContainer(ShapeKeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ShapeUnkeyedContainer(decoder: self) }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    ShapeSingleValueContainer(decoder: self)
  }

  /// Records member `name` of type `T` (read always, or only if present) and gives a sample.
  func member<T: Decodable>(_ type: T.Type, _ name: String, ifPresent: Bool) throws -> T {
    if T.self is any HiddenFromView.Type {
      recorder.hide(name)
      return try SchemaRecorder().read(type).sample
    }
    let (schema, sample) = try recorder.read(type)
    guard case .object(var members, var optional) = shape else { return sample }
    members[name] = schema
    if ifPresent { optional.insert(name) }
    shape = .object(members, ifPresent: optional)
    return sample
  }
}

/// A type whose `nil` is written as `null` rather than by leaving its member out.
protocol WrittenAsNull {}
extension Nullable: WrittenAsNull {}

extension Nullable: SchemaDescribed {
  /// Its value's schema, or null.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    Schema.nullable(recorder.schema(of: Value.self))
  }
  public static var schemaSample: Nullable { Nullable(wrappedValue: nil) }
}

extension Dictionary: SchemaDescribed where Key: Decodable, Value: Decodable {
  /// An object of values; integer keys are written as decimal names.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    var schema: [String: JSONValue] = ["type": .string("object")]
    let values = recorder.schema(of: Value.self)
    if values != Schema.anyValue { schema["additionalProperties"] = values }
    if Key.self == Int.self {
      schema["propertyNames"] = .object(["type": .string("string"), "pattern": .string("^(0|[1-9][0-9]*)$")])
    }
    return .object(schema)
  }
  public static var schemaSample: Dictionary { [:] }
}

extension Optional: SchemaDescribed where Wrapped: Decodable {
  /// Its value's schema, or null.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    Schema.nullable(recorder.schema(of: Wrapped.self))
  }
  public static var schemaSample: Optional { nil }
}

private struct ShapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ShapeDecoder
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [] }

  func contains(_ key: Key) -> Bool { true }
  func decodeNil(forKey key: Key) throws -> Bool { false }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, key) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, key) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, key) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw unsupported(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw unsupported(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw unsupported(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw unsupported(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw unsupported(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw unsupported(type) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw unsupported(type) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw unsupported(type) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, key) }

  /// A member read only if present: whether it is absent or null when nil, its encoding says.
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    let nullable = T.self is any WrittenAsNull.Type
    let sample = try decoder.member(type, key.stringValue, ifPresent: !nullable)
    return nullable || decoder.optionalsPresent ? sample : nil
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(type, key) }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try readIfPresent(type, key)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try readIfPresent(type, key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(type, key) }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(type, key) }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(type, key) }

  private func read<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    try decoder.member(type, key.stringValue, ifPresent: false)
  }
  private func readIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
    let sample = try decoder.member(type, key.stringValue, ifPresent: true)
    return decoder.optionalsPresent ? sample : nil
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw unsupported(KeyedDecodingContainer<NestedKey>.self)
  }
  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    throw unsupported((any UnkeyedDecodingContainer).self)
  }
  func superDecoder() throws -> any Decoder { throw unsupported((any Decoder).self) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw unsupported((any Decoder).self) }
}

private struct ShapeUnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: ShapeDecoder
  var codingPath: [any CodingKey] { [] }
  var count: Int? { nil }
  var currentIndex = 0
  var isAtEnd: Bool { currentIndex > 0 }

  init(decoder: ShapeDecoder) { self.decoder = decoder }

  mutating func decodeNil() throws -> Bool { false }
  /// Records the items' schema from the first and ends the array there.
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (schema, sample) = try decoder.recorder.read(type)
    decoder.shape = .array(schema)
    currentIndex += 1
    return sample
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    throw unsupported(KeyedDecodingContainer<NestedKey>.self)
  }
  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw unsupported((any UnkeyedDecodingContainer).self)
  }
  mutating func superDecoder() throws -> any Decoder { throw unsupported((any Decoder).self) }
}

private struct ShapeSingleValueContainer: SingleValueDecodingContainer {
  let decoder: ShapeDecoder
  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { false }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (schema, sample) = try decoder.recorder.read(type)
    decoder.shape = .single(schema)
    return sample
  }
}

private func unsupported(_ type: Any.Type) -> SchemaRecorderError {
  .unsupported(String(reflecting: type))
}

extension JSONValue: SchemaDescribed {
  /// Any JSON.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue { Schema.anyValue }
  public static var schemaSample: JSONValue { .null }
}
