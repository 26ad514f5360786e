/// Encodes any `Encodable` straight into a `JSONValue`, without Foundation's text round trip
/// (encode to bytes, parse again): what patches, `state/get` and snapshots need, several
/// times faster. Values come out as `JSONEncoder` with `JSONCoding`'s settings would write them.
public struct JSONValueEncoder {
  /// Whether this is the view clients see: members declared `@CoreOnly` are left out.
  let view: Bool

  public init(view: Bool = false) { self.view = view }

  public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, view: view))
    return root.result
  }

  /// `encode(value)` for the common leaves (`String`, `Int`, `Bool`, `Double`, `JSONValue`),
  /// told by the type's identity, not a trial cast (a cast costs the runtime a few hundred
  /// instructions); nil for every other type.
  @inline(__always)
  public static func leaf<T>(_ value: T) -> JSONValue? {
    if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
    if T.self == Int.self { return .whole(unsafeBitCast(value, to: Int.self)) }
    if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
    if T.self == Double.self { return .number(unsafeBitCast(value, to: Double.self)) }
    // Already JSON (a state read at a pointer, inside a query's answer): adopted whole.
    if T.self == JSONValue.self { return unsafeBitCast(value, to: JSONValue.self) }
    return nil
  }

  /// The bytes `JSONWriter` writes for `encode(value)`, written straight from the tree the
  /// containers built, with no `JSONValue` made of it on the way: every event line and
  /// snapshot is written this way.
  public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
    let root = Node()
    try value.encode(to: NodeEncoder(node: root, view: view))
    return JSONOutput.bytes { root.write(to: &$0) }
  }
}

/// A member or an item of a node: a leaf's value kept in place (no node of its own: most
/// values of a state are leaves), or a node containers write into.
enum NodeChild {
  case leaf(JSONValue)
  case node(Node)

  var result: JSONValue {
    switch self {
    case .leaf(let value): value
    case .node(let node): node.result
    }
  }

  func write(to out: inout JSONOutput) {
    switch self {
    case .leaf(let value): JSONWriter.write(value, to: &out)
    case .node(let node): node.write(to: &out)
    }
  }
}

/// A value being built; containers write into it.
final class Node {
  var value: JSONValue = .null
  /// An object's members in the order they were encoded (a key encoded twice: the last one
  /// counts, as a dictionary's would). A list, not a dictionary: no key is hashed.
  var members: [(key: String, child: NodeChild)]? = nil
  var items: [NodeChild]? = nil

  var result: JSONValue {
    if let members {
      var object = [String: JSONValue](minimumCapacity: members.count)
      for (key, child) in members { object[key] = child.result }
      return .object(object)
    }
    if let items { return .array(items.map(\.result)) }
    return value
  }

  /// Appends what `JSONWriter.write(result)` would: members in the writer's key order.
  func write(to out: inout JSONOutput) {
    if let members {
      out.append(UInt8(ascii: "{"))
      var first = true
      // By key, then by when encoded, so of a repeated key only the last is written.
      let ordered = members.enumerated().sorted {
        $0.element.key != $1.element.key ? $0.element.key < $1.element.key : $0.offset < $1.offset
      }
      for (i, (_, (key, member))) in ordered.enumerated() {
        if i + 1 < ordered.count, ordered[i + 1].element.key == key { continue }
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        JSONWriter.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        member.write(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    } else if let items {
      out.append(UInt8(ascii: "["))
      var first = true
      for item in items {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        item.write(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    } else {
      JSONWriter.write(value, to: &out)
    }
  }
}

struct NodeEncoder: Encoder {
  let node: Node
  /// Not tracked (always empty): nothing this encoder encodes reads it, and keeping it cost
  /// an array per member encoded.
  var codingPath: [any CodingKey] { [] }
  /// Leaves out `@CoreOnly` members (the clients' view).
  var view = false
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if node.members == nil { node.members = [] }
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, view: view))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if node.items == nil { node.items = [] }
    return UnkeyedNodeContainer(node: node, view: view)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node, view: view)
  }
}

/// Encodes one value: a common leaf in place, anything else into a fresh node (nested
/// Encodable values go through their own encode).
private func encodeValue<T: Encodable>(_ value: T, view: Bool) throws -> NodeChild {
  // The common leaves by the type's identity: a snapshot of 10,000 photos has 300,000 values.
  // (An optional of these reaches here again through its single-value container.)
  if let leaf = JSONValueEncoder.leaf(value) { return .leaf(leaf) }
  let node = Node()
  try value.encode(to: NodeEncoder(node: node, view: view))
  return .node(node)
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  /// Not tracked (always empty): nothing this encoder encodes reads it, and keeping it cost
  /// an array per member encoded.
  var codingPath: [any CodingKey] { [] }
  var view = false

  func put(_ child: Node, _ key: Key) { put(.node(child), key) }
  func put(_ child: NodeChild, _ key: Key) { node.members!.append((key.stringValue, child)) }
  func leaf(_ value: JSONValue, _ key: Key) { put(.leaf(value), key) }

  mutating func encodeNil(forKey key: Key) throws { leaf(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { leaf(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { leaf(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws { leaf(.number(value), key) }
  mutating func encode(_ value: Float, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int, forKey key: Key) throws { leaf(.whole(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { leaf(.whole(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { leaf(.whole(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { leaf(.number(Double(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { leaf(.whole(value), key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    if view, value is any HiddenFromView { return }
    put(try encodeValue(value, view: view), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = Node()
    child.members = []
    put(child, key)
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(node: child, view: view))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = Node()
    child.items = []
    put(child, key)
    return UnkeyedNodeContainer(node: child, view: view)
  }

  mutating func superEncoder() -> any Encoder { NodeEncoder(node: node, view: view) }
  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = Node()
    put(child, key)
    return NodeEncoder(node: child, view: view)
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: Node
  /// Not tracked (always empty): nothing this encoder encodes reads it, and keeping it cost
  /// an array per member encoded.
  var codingPath: [any CodingKey] { [] }
  var view = false
  var count: Int { node.items!.count }

  func leaf(_ value: JSONValue) { node.items!.append(.leaf(value)) }

  mutating func encodeNil() throws { leaf(.null) }
  mutating func encode(_ value: Bool) throws { leaf(.bool(value)) }
  mutating func encode(_ value: String) throws { leaf(.string(value)) }
  mutating func encode(_ value: Double) throws { leaf(.number(value)) }
  mutating func encode(_ value: Float) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int) throws { leaf(.whole(value)) }
  mutating func encode(_ value: Int8) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int16) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int32) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: Int64) throws { leaf(.whole(value)) }
  mutating func encode(_ value: UInt) throws { leaf(.whole(value)) }
  mutating func encode(_ value: UInt8) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt16) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt32) throws { leaf(.number(Double(value))) }
  mutating func encode(_ value: UInt64) throws { leaf(.whole(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    node.items!.append(try encodeValue(value, view: view))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = Node()
    child.members = []
    node.items!.append(.node(child))
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(node: child, view: view))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = Node()
    child.items = []
    node.items!.append(.node(child))
    return UnkeyedNodeContainer(node: child, view: view)
  }

  mutating func superEncoder() -> any Encoder {
    let child = Node()
    node.items!.append(.node(child))
    return NodeEncoder(node: child, view: view)
  }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: Node
  /// Not tracked (always empty): nothing this encoder encodes reads it, and keeping it cost
  /// an array per member encoded.
  var codingPath: [any CodingKey] { [] }
  var view = false

  mutating func encodeNil() throws { node.value = .null }
  mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
  mutating func encode(_ value: String) throws { node.value = .string(value) }
  mutating func encode(_ value: Double) throws { node.value = .number(value) }
  mutating func encode(_ value: Float) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int) throws { node.value = .whole(value) }
  mutating func encode(_ value: Int8) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int16) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int32) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: Int64) throws { node.value = .whole(value) }
  mutating func encode(_ value: UInt) throws { node.value = .whole(value) }
  mutating func encode(_ value: UInt8) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt16) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt32) throws { node.value = .number(Double(value)) }
  mutating func encode(_ value: UInt64) throws { node.value = .whole(value) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    // The child's tree is adopted as it is, so a view's omissions reach inside it too.
    switch try encodeValue(value, view: view) {
    case .leaf(let leaf): node.value = leaf
    case .node(let child):
      node.value = child.value
      node.members = child.members
      node.items = child.items
    }
  }
}

extension JSONValue {
  /// A whole number exactly: `.number` where a `Double` holds it, `.integer` past ±2^53 (an id
  /// of 9007199254740993 stays that id), `.number` past Int64 (rounded, as JSON readers do).
  static func whole<I: BinaryInteger>(_ value: I) -> JSONValue {
    guard let i = Int64(exactly: value), !isExactDouble(i) else { return .number(Double(value)) }
    return .integer(i)
  }
}
