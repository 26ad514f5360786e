/// Decodes any `Decodable` straight from JSON bytes through a `JSONTape`: replay decodes
/// every event of a log, and skipping the `JSONValue` tree (a dictionary per object, a string
/// per key) makes that several times cheaper. Accepts what `JSONValueDecoder` accepts; where
/// an object repeats a key, the first one counts.
public struct JSONTapeDecoder {
  public init() {}

  /// Decodes a `T` from one complete JSON text.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    let tape = try JSONTape(bytes)
    return try decodeValue(T.self, tape, 0)
  }
}

/// The value at `i` as a `T`: through its `TapeReadable` fast path where it has one and the
/// value is regular, through its `init(from:)` otherwise.
private func decodeValue<T: Decodable>(_ type: T.Type, _ tape: JSONTape, _ i: Int) throws -> T {
  if let readable = T.self as? any TapeReadable.Type, let value = readable.read(from: tape, at: i) as? T {
    return value
  }
  return try T(from: TapeDecoder(tape: tape, index: i))
}

private func mismatch(_ type: Any.Type, _ tape: JSONTape, _ i: Int) -> DecodingError {
  .typeMismatch(
    type, .init(codingPath: tape.path(to: i), debugDescription: "expected \(type), found \(tape.describe(i))")
  )
}

/// Reads one scalar out of the token at `i`, the way Foundation's decoder accepts it.
private enum TapeScalar {
  static func string(_ tape: JSONTape, _ i: Int) throws -> String {
    guard tape.tokens[i].kind == .string else { throw mismatch(String.self, tape, i) }
    return tape.text(at: i)
  }
  static func bool(_ tape: JSONTape, _ i: Int) throws -> Bool {
    switch tape.tokens[i].kind {
    case .yes: return true
    case .no: return false
    default: throw mismatch(Bool.self, tape, i)
    }
  }
  static func double(_ tape: JSONTape, _ i: Int) throws -> Double {
    guard let d = tape.double(at: i) else { throw mismatch(Double.self, tape, i) }
    return d
  }
  static func integer<I: FixedWidthInteger>(_ tape: JSONTape, _ i: Int, _ type: I.Type) throws -> I {
    guard let v = tape.integer(at: i, as: type) else { throw mismatch(type, tape, i) }
    return v
  }
}

private struct TapeDecoder: Decoder {
  let tape: JSONTape
  let index: Int
  var codingPath: [any CodingKey] { tape.path(to: index) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard tape.tokens[index].kind == .object else { throw mismatch([String: Any].self, tape, index) }
    return KeyedDecodingContainer(TapeKeyedContainer<Key>(tape: tape, object: index))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard tape.tokens[index].kind == .array else { throw mismatch([Any].self, tape, index) }
    return TapeUnkeyedContainer(tape: tape, array: index)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(tape: tape, index: index)
  }
}

private struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let tape: JSONTape
  let object: Int
  var codingPath: [any CodingKey] { tape.path(to: object) }

  var allKeys: [Key] {
    var keys: [Key] = []
    var i = object + 1
    for _ in 0..<tape.tokens[object].count {
      if let key = Key(stringValue: tape.text(at: i)) { keys.append(key) }
      i = tape.after(i + 1)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { tape.member(key.stringValue, in: object) != nil }

  /// The member's value token, or nil when absent or null.
  private func present(_ key: Key) -> Int? {
    guard let i = tape.member(key.stringValue, in: object), tape.tokens[i].kind != .null else { return nil }
    return i
  }

  private func member(_ key: Key) throws -> Int {
    guard let i = tape.member(key.stringValue, in: object) else {
      var path = codingPath
      path.append(key)
      throw DecodingError.keyNotFound(
        key, .init(codingPath: path, debugDescription: "no member \(key.stringValue)"))
    }
    return i
  }

  func decodeNil(forKey key: Key) throws -> Bool { present(key) == nil }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TapeScalar.bool(tape, member(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try TapeScalar.string(tape, member(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try TapeScalar.double(tape, member(key))
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try TapeScalar.double(tape, member(key)))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try TapeScalar.integer(tape, member(key), type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(T.self, tape, member(key))
  }

  // One lookup each for optional members (the defaults would look the key up three times).
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { try TapeScalar.string(tape, $0) }
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { try TapeScalar.bool(tape, $0) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try TapeScalar.integer(tape, $0, type) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { try TapeScalar.double(tape, $0) }
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try decodeValue(T.self, tape, $0) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try TapeDecoder(tape: tape, index: member(key)).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TapeDecoder(tape: tape, index: member(key)).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { TapeDecoder(tape: tape, index: object) }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    TapeDecoder(tape: tape, index: try member(key))
  }
}

private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let tape: JSONTape
  let array: Int
  /// The token of the next element.
  private var cursor: Int
  var currentIndex = 0
  var count: Int? { Int(tape.tokens[array].count) }
  var isAtEnd: Bool { currentIndex >= Int(tape.tokens[array].count) }
  var codingPath: [any CodingKey] { tape.path(to: array) }

  init(tape: JSONTape, array: Int) {
    self.tape = tape
    self.array = array
    self.cursor = array + 1
  }

  /// The next element's token, moving past it.
  private mutating func next() throws -> Int {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any.self, .init(codingPath: codingPath, debugDescription: "the array has no element \(currentIndex)"))
    }
    let i = cursor
    cursor = tape.after(i)
    currentIndex += 1
    return i
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, tape.tokens[cursor].kind == .null else { return false }
    _ = try next()
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool { try TapeScalar.bool(tape, next()) }
  mutating func decode(_ type: String.Type) throws -> String { try TapeScalar.string(tape, next()) }
  mutating func decode(_ type: Double.Type) throws -> Double { try TapeScalar.double(tape, next()) }
  mutating func decode(_ type: Float.Type) throws -> Float { Float(try TapeScalar.double(tape, next())) }
  mutating func decode(_ type: Int.Type) throws -> Int { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try TapeScalar.integer(tape, next(), type) }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(T.self, tape, next())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try TapeDecoder(tape: tape, index: next()).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try TapeDecoder(tape: tape, index: next()).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { TapeDecoder(tape: tape, index: try next()) }
}

private struct TapeSingleValueContainer: SingleValueDecodingContainer {
  let tape: JSONTape
  let index: Int
  var codingPath: [any CodingKey] { tape.path(to: index) }

  func decodeNil() -> Bool { tape.tokens[index].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try TapeScalar.bool(tape, index) }
  func decode(_ type: String.Type) throws -> String { try TapeScalar.string(tape, index) }
  func decode(_ type: Double.Type) throws -> Double { try TapeScalar.double(tape, index) }
  func decode(_ type: Float.Type) throws -> Float { Float(try TapeScalar.double(tape, index)) }
  func decode(_ type: Int.Type) throws -> Int { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: UInt.Type) throws -> UInt { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try TapeScalar.integer(tape, index, type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try TapeScalar.integer(tape, index, type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(T.self, tape, index) }
}
