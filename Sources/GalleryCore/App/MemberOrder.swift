/// The names a value's `encode(to:)` writes at its top level, in the order it writes them,
/// without encoding the members themselves: for a synthesized `Encodable`, its stored
/// members in declaration order. `AppState.parts` reads its order this way once a process;
/// a `Mirror` made every member's value and looked its generic type up by name, about 25
/// million instructions on the first change a session published.
public enum MemberOrder {
  /// `value`'s top-level member names, in the order its encoding writes them.
  public static func of(_ value: some Encodable) -> [String] {
    let recorder = Recorder()
    try? value.encode(to: recorder)
    return recorder.names
  }

  /// An encoder that notes each key its keyed container is given and encodes nothing. A
  /// reference, so the containers it hands out write to one list.
  private final class Recorder: Encoder {
    var names: [String] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(Keys<Key>(recorder: self))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Ignored() }
  }

  /// The keyed container: each key noted, its value left alone.
  private struct Keys<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: Recorder
    var codingPath: [any CodingKey] { [] }

    func note(_ key: Key) { recorder.names.append(key.stringValue) }
    mutating func encodeNil(forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: String, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { note(key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { note(key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { note(key) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
      -> KeyedEncodingContainer<NestedKey>
    {
      note(key)
      return KeyedEncodingContainer(Keys<NestedKey>(recorder: Recorder()))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      note(key)
      return Ignored()
    }
    mutating func superEncoder() -> any Encoder { Recorder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
      note(key)
      return Recorder()
    }
  }

  /// A container below the top level: what goes in it is not a member name.
  private struct Ignored: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      KeyedEncodingContainer(Keys<NestedKey>(recorder: Recorder()))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Ignored() }
    mutating func superEncoder() -> any Encoder { Recorder() }
  }
}
