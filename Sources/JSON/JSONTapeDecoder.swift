import Synchronization

/// Decodes any `Decodable` straight from JSON bytes through a `JSONTape`: replay decodes
/// every event of a log, and skipping the `JSONValue` tree (a dictionary per object, a string
/// per key) makes that several times cheaper. Accepts what `JSONValueDecoder` accepts; where
/// an object repeats a key, the last one counts (as `JSONParser`, jq and Python's json).
public struct JSONTapeDecoder {
  public init() {}

  /// Decodes a `T` from one complete JSON text.
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, from: bytes, knowing: TapeDecoding(T.self))
  }

  /// Decodes a `T` with what decoding needs to know of its type found beforehand
  /// (`TapeDecoding(T.self)`, kept by a caller that decodes the same types again and again:
  /// the event registry, for replay).
  public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8], knowing known: TapeDecoding) throws
    -> T
  {
    // A type that reads itself takes the regular case in one pass, with no tape.
    if let reader = known.reader {
      // An untyped closure: one that throws `Unusual` needs a thunk to `withUnsafeBytes`'s
      // untyped one, and the thunk's context was allocated and freed on every event.
      do {
        return try bytes.withUnsafeBytes { raw in try reader.read(whole: raw, as: T.self) }
      } catch {
        known.fallbacks?.add()
      }
    }
    let tape = try JSONTape(bytes)
    // A root that declares defaults lends them to every depth it reaches through objects, so
    // a member missing inside it takes the default its place in the root's value declares.
    guard let rootDefaults = known.rootDefaults else {
      return try decodeValue(T.self, tape, 0, reader: .some(nil))
    }
    return try T(from: TapeDecoder(tape: tape, index: 0, owner: T.self, rootDefaults: rootDefaults))
  }
}

/// What decoding a root type needs to know of it, asked of the runtime once: whether it reads
/// itself (`JSONReadable`), and the defaults it declares. Each question is a conformance lookup
/// (about 400 instructions), and replay would ask both for every event.
public struct TapeDecoding: Sendable {
  public let reader: (any JSONReadable.Type)?
  public let rootDefaults: JSONTape?
  /// Counts the texts `reader` did not take (read the general way instead), when the caller
  /// keeps count (the event registry, one per type): a fast path that falls back is slower,
  /// never wrong, so only a count shows it.
  public let fallbacks: FallbackCount?

  public init(_ type: Any.Type, counting fallbacks: FallbackCount? = nil) {
    reader = type as? any JSONReadable.Type
    rootDefaults = MemberDefaultsCache.tape(for: type)
    self.fallbacks = fallbacks
  }
}

/// How many texts a type's `JSONReadable` reader left to the general decoder: owned by
/// whoever keeps the type's `TapeDecoding` (for a process's life at most; one integer).
public final class FallbackCount: Sendable {
  private let count = Atomic<Int>(0)

  public init() {}

  /// The texts left to the general decoder so far.
  public var value: Int { count.load(ordering: .relaxed) }

  func add() { count.add(1, ordering: .relaxed) }
}

/// The value at `i` as a `T`: through its `JSONReadable` fast path where it has one and the
/// value is regular, through its `init(from:)` otherwise. `reader`: `T` as a `JSONReadable`,
/// when the caller knows it already (`.some(nil)`: it is none, or it was tried).
private func decodeValue<T: Decodable>(
  _ type: T.Type, _ tape: JSONTape, _ i: Int, rootDefaults: JSONTape? = nil,
  reader: (any JSONReadable.Type)?? = nil
) throws -> T {
  // A container's token knows where its text starts (a scalar's does not say where its quote is).
  if tape.tokens[i].kind == .object || tape.tokens[i].kind == .array,
    let readable = reader ?? (T.self as? any JSONReadable.Type)
  {
    do {
      return try tape.bytes.withUnsafeBytes { raw in
        try readable.read(raw, at: Int(tape.tokens[i].start), as: T.self)
      }
    } catch {}
  }
  return try T(from: TapeDecoder(tape: tape, index: i, owner: T.self, rootDefaults: rootDefaults))
}

private func mismatch(_ type: Any.Type, _ tape: JSONTape, _ i: Int) -> DecodingError {
  .typeMismatch(
    type, .init(codingPath: tape.path(to: i), debugDescription: "expected \(type), found \(tape.describe(i))")
  )
}

/// Reads one scalar out of the token at `i`, the way Foundation's decoder accepts it.
private enum TapeScalar {
  static func string(_ at: (JSONTape, Int)) throws -> String { try string(at.0, at.1) }
  static func bool(_ at: (JSONTape, Int)) throws -> Bool { try bool(at.0, at.1) }
  static func double(_ at: (JSONTape, Int)) throws -> Double { try double(at.0, at.1) }
  static func integer<I: FixedWidthInteger>(_ at: (JSONTape, Int), _ type: I.Type) throws -> I {
    try integer(at.0, at.1, type)
  }
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
  /// The type being decoded: a missing member takes its declared default (`MemberDefaults`).
  var owner: Any.Type = Any.self
  /// The defaults of the whole text's root, when it declares them (`MemberDefaults`).
  var rootDefaults: JSONTape? = nil
  var codingPath: [any CodingKey] { tape.path(to: index) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard tape.tokens[index].kind == .object else { throw mismatch([String: Any].self, tape, index) }
    return KeyedDecodingContainer(
      TapeKeyedContainer<Key>(tape: tape, object: index, owner: owner, rootDefaults: rootDefaults))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard tape.tokens[index].kind == .array else { throw mismatch([Any].self, tape, index) }
    return TapeUnkeyedContainer(tape: tape, array: index, rootDefaults: rootDefaults)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TapeSingleValueContainer(tape: tape, index: index, rootDefaults: rootDefaults)
  }
}

private struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let tape: JSONTape
  let object: Int
  let owner: Any.Type
  public let rootDefaults: JSONTape?
  /// Each member's place, for an object past `JSONTape.indexedMembers` members: a keyed map
  /// (a dictionary's `init(from:)` asks for every key in turn) is then read in one pass, not
  /// one scan per key. Small objects, nearly all of them, are scanned as before.
  let index: [String: Int]?
  var codingPath: [any CodingKey] { tape.path(to: object) }

  init(tape: JSONTape, object: Int, owner: Any.Type, rootDefaults: JSONTape?) {
    self.tape = tape
    self.object = object
    self.owner = owner
    self.rootDefaults = rootDefaults
    index = tape.tokens[object].count > JSONTape.indexedMembers ? tape.memberIndex(of: object) : nil
  }

  var allKeys: [Key] {
    var keys: [Key] = []
    var i = object + 1
    for _ in 0..<tape.tokens[object].count {
      if let key = Key(stringValue: tape.text(at: i)) { keys.append(key) }
      i = tape.after(i + 1)
    }
    return keys
  }

  /// Where the member's value is: in the text, or, when the text leaves it out, in the
  /// owner's declared defaults (only looked up then, so a whole value costs nothing more).
  private func locate(_ key: Key) -> (JSONTape, Int)? {
    if let index {
      if let i = index[key.stringValue] { return (tape, i) }
    } else if let i = tape.member(key.stringValue, in: object) {
      return (tape, i)
    }
    // Declared defaults are this build's own writing: a name is in them once.
    if let (d, o) = contextualDefaults(), let i = d.member(key.stringValue, in: o, unique: true) {
      return (d, i)
    }
    guard let defaults = MemberDefaultsCache.tape(for: owner),
      let i = defaults.member(key.stringValue, in: 0, unique: true)
    else { return nil }
    return (defaults, i)
  }

  /// This object's place in the root's defaults, when the path to it runs through objects
  /// the root's defaults hold (an array element has no such place: its type's defaults count).
  private func contextualDefaults() -> (JSONTape, Int)? {
    guard let root = rootDefaults else { return nil }
    var at = 0
    for key in tape.path(to: object) {
      guard key.intValue == nil, root.tokens[at].kind == .object,
        let next = root.member(key.stringValue, in: at, unique: true)
      else { return nil }
      at = next
    }
    return root.tokens[at].kind == .object ? (root, at) : nil
  }

  /// Decodes the value at `at`: inside this text, the root's defaults still apply below it.
  private func value<T: Decodable>(_ type: T.Type, _ at: (JSONTape, Int)) throws -> T {
    try decodeValue(T.self, at.0, at.1, rootDefaults: at.0 === tape ? rootDefaults : nil)
  }

  func contains(_ key: Key) -> Bool { locate(key) != nil }

  /// The member's value token, or nil when absent or null.
  private func present(_ key: Key) -> (JSONTape, Int)? {
    guard let (t, i) = locate(key), t.tokens[i].kind != .null else { return nil }
    return (t, i)
  }

  private func member(_ key: Key) throws -> (JSONTape, Int) {
    guard let found = locate(key) else {
      var path = codingPath
      path.append(key)
      throw DecodingError.keyNotFound(
        key, .init(codingPath: path, debugDescription: "no member \(key.stringValue)"))
    }
    return found
  }

  func decodeNil(forKey key: Key) throws -> Bool { present(key) == nil }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try TapeScalar.bool(member(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try TapeScalar.string(member(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try TapeScalar.double(member(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    Float(try TapeScalar.double(member(key)))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try TapeScalar.integer(member(key), type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try TapeScalar.integer(member(key), type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try TapeScalar.integer(member(key), type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try TapeScalar.integer(member(key), type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try TapeScalar.integer(member(key), type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try value(T.self, member(key))
  }

  // One lookup each for optional members (the defaults would look the key up three times).
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key).map { try TapeScalar.string($0) }
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key).map { try TapeScalar.bool($0) }
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key).map { try TapeScalar.integer($0, type) }
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key).map { try TapeScalar.double($0) }
  }
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try present(key).map { try value(T.self, $0) }
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let (t, i) = try member(key)
    return try TapeDecoder(tape: t, index: i, rootDefaults: t === tape ? rootDefaults : nil).container(
      keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let (t, i) = try member(key)
    return try TapeDecoder(tape: t, index: i, rootDefaults: t === tape ? rootDefaults : nil)
      .unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TapeDecoder(tape: tape, index: object, owner: owner, rootDefaults: rootDefaults)
  }
  func superDecoder(forKey key: Key) throws -> any Decoder {
    let (t, i) = try member(key)
    return TapeDecoder(tape: t, index: i, rootDefaults: t === tape ? rootDefaults : nil)
  }
}

private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
  let tape: JSONTape
  let array: Int
  public let rootDefaults: JSONTape?
  /// The token of the next element.
  private var cursor: Int
  var currentIndex = 0
  var count: Int? { Int(tape.tokens[array].count) }
  var isAtEnd: Bool { currentIndex >= Int(tape.tokens[array].count) }
  var codingPath: [any CodingKey] { tape.path(to: array) }

  init(tape: JSONTape, array: Int, rootDefaults: JSONTape?) {
    self.tape = tape
    self.array = array
    self.rootDefaults = rootDefaults
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
    try decodeValue(T.self, tape, next(), rootDefaults: rootDefaults)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try TapeDecoder(tape: tape, index: next(), rootDefaults: rootDefaults).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try TapeDecoder(tape: tape, index: next(), rootDefaults: rootDefaults).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    TapeDecoder(tape: tape, index: try next(), rootDefaults: rootDefaults)
  }
}

private struct TapeSingleValueContainer: SingleValueDecodingContainer {
  let tape: JSONTape
  let index: Int
  public let rootDefaults: JSONTape?
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
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(T.self, tape, index, rootDefaults: rootDefaults)
  }
}
