/// Decodes any `Decodable` from a `JSONValue` (what `JSONParser` gives), without Foundation's
/// decoder: replay decodes every event of a log, and this is several times faster.
public struct JSONValueDecoder {
  public init() {}

  public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try decodeValue(type, value, [])
  }
}

/// `value` with every integer that a double holds exactly as a number.
private func normalized(_ value: JSONValue) -> JSONValue {
  switch value {
  case .integer(let i) where JSONValue.isExactDouble(i): return .number(Double(i))
  case .array(let items): return .array(items.map(normalized))
  case .object(let members): return .object(members.mapValues(normalized))
  default: return value
  }
}

private func decodeValue<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws
  -> T
{
  // A member that is itself JSON (a state/get value) is taken whole, not rebuilt member by
  // member; integers a double holds exactly read as numbers, as `JSONValue(from:)` reads them.
  if type == JSONValue.self { return normalized(value) as! T }
  switch value {
  case .string(let s) where type == String.self: return s as! T
  case .bool(let b) where type == Bool.self: return b as! T
  case .number(let n) where type == Int.self:
    guard let i = Int(exactly: n) else { throw mismatch(type, value, path) }
    return i as! T
  case .number(let n) where type == Double.self: return n as! T
  case .integer(let i) where type == Int.self: return Int(i) as! T
  default: return try T(from: ValueDecoder(value: value, codingPath: path, owner: T.self))
  }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
  .typeMismatch(type, .init(codingPath: path, debugDescription: "expected \(type), found \(value)"))
}

private struct ValueDecoder: Decoder {
  let value: JSONValue
  var codingPath: [any CodingKey]
  /// The type being decoded: a missing member takes its declared default (`MemberDefaults`).
  var owner: Any.Type = Any.self
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: Any].self, value, codingPath) }
    return KeyedDecodingContainer(
      KeyedValueContainer<Key>(members: members, codingPath: codingPath, owner: owner))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let items) = value else { throw mismatch([Any].self, value, codingPath) }
    return UnkeyedValueContainer(items: items, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, codingPath: codingPath)
  }
}

/// Reads scalars out of a value, as Foundation's decoder would accept them.
private enum Scalar {
  static func int<I: FixedWidthInteger>(_ value: JSONValue, _ type: I.Type, _ path: [any CodingKey]) throws
    -> I
  {
    if case .integer(let big) = value, let i = I(exactly: big) { return i }
    guard case .number(let n) = value, let i = I(exactly: n) else { throw mismatch(type, value, path) }
    return i
  }
  static func double(_ value: JSONValue, _ path: [any CodingKey]) throws -> Double {
    if case .integer(let big) = value { return Double(big) }
    guard case .number(let n) = value else { throw mismatch(Double.self, value, path) }
    return n
  }
  static func string(_ value: JSONValue, _ path: [any CodingKey]) throws -> String {
    guard case .string(let s) = value else { throw mismatch(String.self, value, path) }
    return s
  }
  static func bool(_ value: JSONValue, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let b) = value else { throw mismatch(Bool.self, value, path) }
    return b
  }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  var codingPath: [any CodingKey]
  let owner: Any.Type
  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  /// The member's value, or, when the JSON leaves it out, the owner's declared default.
  private func locate(_ key: Key) -> JSONValue? {
    members[key.stringValue] ?? MemberDefaultsCache.members(for: owner)?[key.stringValue]
  }

  func contains(_ key: Key) -> Bool { locate(key) != nil }

  func member(_ key: Key) throws -> JSONValue {
    guard let value = locate(key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "no member \(key.stringValue)"))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    let value = locate(key)
    return value == nil || value == .null
  }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try Scalar.bool(member(key), codingPath + [key])
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try Scalar.string(member(key), codingPath + [key])
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try Scalar.double(member(key), codingPath + [key])
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try Scalar.double(member(key), codingPath + [key]))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try Scalar.int(member(key), type, codingPath + [key])
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(type, member(key), codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try ValueDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(value: locate(key) ?? .null, codingPath: codingPath + [key])
  }
}

private struct IndexKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ index: Int) {
    stringValue = String(index)
    intValue = index
  }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.init(intValue) }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
  let items: [JSONValue]
  var codingPath: [any CodingKey]
  var currentIndex = 0
  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  init(items: [JSONValue], codingPath: [any CodingKey]) {
    self.items = items
    self.codingPath = codingPath
  }

  mutating func next() throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        JSONValue.self,
        .init(codingPath: codingPath, debugDescription: "the array has no element \(currentIndex)"))
    }
    defer { currentIndex += 1 }
    return items[currentIndex]
  }

  var path: [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

  mutating func decodeNil() throws -> Bool {
    if !isAtEnd, items[currentIndex] == .null {
      currentIndex += 1
      return true
    }
    return false
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool { let p = path; return try Scalar.bool(next(), p) }
  mutating func decode(_ type: String.Type) throws -> String {
    let p = path; return try Scalar.string(next(), p)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let p = path; return try Scalar.double(next(), p)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    let p = path; return Float(try Scalar.double(next(), p))
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    let p = path; return try Scalar.int(next(), type, p)
  }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let p = path
    return try decodeValue(type, next(), p)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let p = path
    return try ValueDecoder(value: next(), codingPath: p).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let p = path
    return try ValueDecoder(value: next(), codingPath: p).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let p = path
    return ValueDecoder(value: try next(), codingPath: p)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  var codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try Scalar.bool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try Scalar.string(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try Scalar.double(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { Float(try Scalar.double(value, codingPath)) }
  func decode(_ type: Int.Type) throws -> Int { try Scalar.int(value, type, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try Scalar.int(value, type, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Scalar.int(value, type, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Scalar.int(value, type, codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, value, codingPath) }
}
