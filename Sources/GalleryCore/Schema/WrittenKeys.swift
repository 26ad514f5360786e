/// The members a value's encoding writes at its top level, in the order it writes them, and
/// which of them it writes as null: what `SchemaRecorder` needs to tell an absent member from a
/// null one, and the order of `AppState.parts` (for a synthesized `Encodable`, its stored
/// members in declaration order; a `Mirror` of the state looked each member's type up by name,
/// about 25 million instructions on a session's first change).
public enum WrittenKeys {
  /// The names `value`'s `encode(to:)` writes, each with whether it wrote null; none when
  /// `value` is not `Encodable`.
  static func of(_ value: Any) -> [String: Bool] {
    guard let value = value as? any Encodable else { return [:] }
    let encoder = KeyEncoder()
    try? value.encode(to: encoder)
    return encoder.keys
  }

  /// The names `value`'s `encode(to:)` writes at its top level, in the order it writes them.
  public static func names(of value: some Encodable) -> [String] {
    let encoder = KeyEncoder(probing: false)
    try? value.encode(to: encoder)
    return encoder.order
  }
}

/// An encoder that keeps only the names of the top level's members.
private final class KeyEncoder: Encoder {
  /// Whether each member is encoded to see if it writes null (not for the names alone: that
  /// walks the whole value).
  let probing: Bool
  var keys: [String: Bool] = [:]
  /// The names in the order they were first written.
  var order: [String] = []

  init(probing: Bool = true) { self.probing = probing }

  /// Notes that `name` was written, and whether as null.
  func note(_ name: String, null: Bool) {
    if keys.updateValue(null, forKey: name) == nil { order.append(name) }
  }
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

  mutating func encodeNil(forKey key: Key) throws { encoder.note(key.stringValue, null: true) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    guard encoder.probing else { return encoder.note(key.stringValue, null: false) }
    let probe = KeyEncoder()
    try? value.encode(to: probe)
    encoder.note(key.stringValue, null: probe.wroteNull)
  }
  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    encoder.note(key.stringValue, null: false)
    return KeyedEncodingContainer(KeyContainer<NestedKey>(encoder: KeyEncoder()))
  }
  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.note(key.stringValue, null: false)
    return Discard()
  }
  mutating func superEncoder() -> any Encoder { KeyEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.note(key.stringValue, null: false)
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
