/// A large optional member of the state (an open screen) kept out of line: the state holds one
/// reference instead of the screen's hundreds of bytes, so the copy a keystroke makes of the
/// whole state does not copy and retain every member of every open screen. Encoded and
/// decoded exactly as `Nullable` (`null` when nil, a missing key reads as nil).
@propertyWrapper
public struct BoxedNullable<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  /// An immutable box: a change makes a new one, so copies never share a mutation.
  private final class Box: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box?

  public var wrappedValue: Value? {
    get { box?.value }
    set { box = newValue.map(Box.init) }
  }

  public init(wrappedValue: Value?) { box = wrappedValue.map(Box.init) }

  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Nullable<Value>(from: decoder).wrappedValue)
  }

  public func encode(to encoder: any Encoder) throws {
    try Nullable(wrappedValue: wrappedValue).encode(to: encoder)
  }

  public static func == (lhs: BoxedNullable, rhs: BoxedNullable) -> Bool {
    shared(lhs, rhs) || lhs.wrappedValue == rhs.wrappedValue
  }

  /// Whether both hold the same box, or neither holds one: then they are equal, in O(1).
  public static func shared(_ lhs: BoxedNullable, _ rhs: BoxedNullable) -> Bool { lhs.box === rhs.box }

  /// Which box it holds (0: none): equal exactly when `shared` holds.
  public var identity: UInt { box.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 0 }

  /// The member with its box (`$detail`), for `StatePart`.
  public var projectedValue: BoxedNullable { self }
}

extension KeyedDecodingContainer {
  /// A missing key reads as `nil` (state written before the field existed).
  public func decode<T>(_ type: BoxedNullable<T>.Type, forKey key: Key) throws -> BoxedNullable<T> {
    try decodeIfPresent(type, forKey: key) ?? BoxedNullable(wrappedValue: nil)
  }
}

extension BoxedNullable: WrittenAsNull {}

extension BoxedNullable: SchemaDescribed {
  /// Its value's schema, or null.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    Schema.nullable(recorder.schema(of: Value.self))
  }
  public static var schemaSample: BoxedNullable { BoxedNullable(wrappedValue: nil) }
}
