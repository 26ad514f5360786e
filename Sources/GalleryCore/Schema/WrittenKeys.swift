/// The members a value's encoding writes at its top level, and which of them it writes as
/// null: what `SchemaRecorder` needs to tell an absent member from a null one.
struct WrittenKeys {
  /// The names `value`'s `encode(to:)` writes, each with whether it wrote null; none when
  /// `value` is not `Encodable`.
  static func of(_ value: Any) -> [String: Bool] {
    guard let value = value as? any Encodable else { return [:] }
    let encoder = KeyEncoder()
    try? value.encode(to: encoder)
    return encoder.keys
  }
}

/// An encoder that keeps only the names of the top level's members.
private final class KeyEncoder: Encoder {
  var keys: [String: Bool] = [:]
  /// Set when a single value's encoding writes null.
  var wroteNull = false
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(KeyContainer<Key>(encoder: self))
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { Discard() }
  func singleValueContainer() -> any SingleValueEncodingContainer { NullProbe(encoder: self) }
}

private struct KeyContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: KeyEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { encoder.keys[key.stringValue] = true }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    let probe = KeyEncoder()
    try? value.encode(to: probe)
    encoder.keys[key.stringValue] = probe.wroteNull
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.keys[key.stringValue] = false
    return KeyedEncodingContainer(KeyContainer<NestedKey>(encoder: KeyEncoder()))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.keys[key.stringValue] = false
    return Discard()
  }
  mutating func superEncoder() -> any Encoder { KeyEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.keys[key.stringValue] = false
    return KeyEncoder()
  }
}

/// Takes anything and keeps nothing (what lies below the top level).
private struct Discard: UnkeyedEncodingContainer, SingleValueEncodingContainer {
  var codingPath: [any CodingKey] { [] }
  var count: Int { 0 }
  mutating func encodeNil() throws {}
  mutating func encode<T: Encodable>(_ value: T) throws {}
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    KeyedEncodingContainer(KeyContainer<NestedKey>(encoder: KeyEncoder()))
  }
  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Discard() }
  mutating func superEncoder() -> any Encoder { KeyEncoder() }
}

/// A single value's container that notes whether the value was null.
private struct NullProbe: SingleValueEncodingContainer {
  let encoder: KeyEncoder
  var codingPath: [any CodingKey] { [] }
  mutating func encodeNil() throws { encoder.wroteNull = true }
  mutating func encode<T: Encodable>(_ value: T) throws {}
}
