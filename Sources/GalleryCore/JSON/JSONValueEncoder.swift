/// Encodes any `Encodable` straight into a `JSONValue`, without Foundation's text round trip
/// (encode to bytes, parse again): what patches, `state/get` and snapshots need, several
/// times faster. Values come out as `JSONEncoder` with `JSONCoding`'s settings would write them.
public struct JSONValueEncoder {
  /// Object members left out at any depth (a view that hides the model's bookkeeping).
  let omitting: Set<String>

  public init(omitting: Set<String> = []) { self.omitting = omitting }

  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, codingPath: []))
    return omitting.isEmpty ? root.result : root.result(omitting: omitting)
  }
}

/// A value being built; containers write into it.
final class Node {
  var value: JSONValue = .null
  var members: [String: Node]? = nil
  var items: [Node]? = nil

  var result: JSONValue {
    if let members { return .object(members.mapValues(\.result)) }
    if let items { return .array(items.map(\.result)) }
    return value
  }

  func result(omitting omit: Set<String>) -> JSONValue {
    if let members {
      var kept: [String: JSONValue] = [:]
      kept.reserveCapacity(members.count)
      for (key, child) in members where !omit.contains(key) { kept[key] = child.result(omitting: omit) }
      return .object(kept)
    }
    if let items { return .array(items.map { $0.result(omitting: omit) }) }
    return value
  }
}

struct NodeEncoder: Encoder {
  let node: Node
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if node.members == nil { node.members = [:] }
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if node.items == nil { node.items = [] }
    return UnkeyedNodeContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, codingPath: codingPath)
  }
}

/// Encodes one value into a fresh node (nested Encodable values go through their own encode).
private func encodeValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Node {
  let node = Node()
  switch value {
  case let v as String: node.value = .string(v)
  case let v as Bool: node.value = .bool(v)
  case let v as Int: node.value = .number(Double(v))
  case let v as Double: node.value = .number(v)
  default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
  }
  return node
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  var codingPath: [any CodingKey]

  func put(_ child: Node, _ key: Key) { node.members![key.stringValue] = child }
  func leaf(_ value: JSONValue, _ key: Key) {
    let child = Node()
    child.value = value
    put(child, key)
  }

  mutating func encodeNil(forKey key: Key) throws { leaf(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { leaf(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { leaf(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { leaf(.number(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    put(try encodeValue(value, codingPath: codingPath + [key]), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = Node()
    child.members = [:]
    put(child, key)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = Node()
    child.items = []
    put(child, key)
    return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node, codingPath: codingPath) }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = Node()
    put(child, key)
    return NodeEncoder(node: child, codingPath: codingPath + [key])
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]
  var count: Int { node.items!.count }

  func leaf(_ value: JSONValue) {
    let child = Node()
    child.value = value
    node.items!.append(child)
  }

  mutating func encodeNil() throws { leaf(.null) }
  mutating func encode(_ value: Bool) throws { leaf(.bool(value)) }
  mutating func encode(_ value: String) throws { leaf(.string(value)) }
  mutating func encode(_ value: Double) throws { leaf(.number(value)) }
  mutating func encode(_ value: Float) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int8) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int16) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int32) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int64) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt8) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt16) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt32) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt64) throws { leaf(.number(Double(value))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    node.items!.append(try encodeValue(value, codingPath: codingPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = Node()
    child.members = [:]
    node.items!.append(child)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = Node()
    child.items = []
    node.items!.append(child)
    return UnkeyedNodeContainer(node: child, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    let child = Node()
    node.items!.append(child)
    return NodeEncoder(node: child, codingPath: codingPath)
  }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.value = .null }
  mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
  mutating func encode(_ value: String) throws { node.value = .string(value) }
  mutating func encode(_ value: Double) throws { node.value = .number(value) }
  mutating func encode(_ value: Float) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int8) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int16) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int32) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int64) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt8) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt16) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt32) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt64) throws { node.value = .number(Double(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    // The child's tree is adopted as it is, so a view's omissions reach inside it too.
    let child = try encodeValue(value, codingPath: codingPath)
    node.value = child.value
    node.members = child.members
    node.items = child.items
  }
}
