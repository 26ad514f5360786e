import JSON

/// A top-level member of the state held in shared storage, copied only when written while
/// shared (the way an array's elements are). Two states that share a member's storage hold the
/// same value, so a patch skips that part with one pointer compare instead of comparing it,
/// and a copy of the whole state costs a retain per member rather than one per string and list
/// inside it. Encoded, decoded and compared as its value alone: the storage is never seen.
@propertyWrapper
public struct CopyOnWrite<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  /// Always one element: the array gives the storage its copy-on-write and its identity.
  @usableFromInline var storage: [Value]

  @inlinable
  public init(wrappedValue: Value) { storage = [wrappedValue] }

  /// Read in place (no copy of the member); written in place when not shared.
  @inlinable
  public var wrappedValue: Value {
    _read { yield storage[0] }
    set { storage = [newValue] }
    _modify { yield &storage[0] }
  }

  /// Reads the value where its storage holds it (no copy, where `wrappedValue` handed across
  /// a closure is one: a form copied twice a keystroke to be compared).
  @inlinable
  public func withValue<R>(_ body: (borrowing Value) throws -> R) rethrows -> R {
    try storage.withUnsafeBufferPointer { try body($0[0]) }
  }

  /// The member with its storage (`$feed`), for `StatePart`.
  public var projectedValue: CopyOnWrite<Value> { self }

  /// Whether `a` and `b` share their storage, so hold the same value: O(1). (Unshared
  /// storages may still hold equal values; `==` then compares them.)
  @inlinable
  public static func shared(_ a: CopyOnWrite, _ b: CopyOnWrite) -> Bool {
    a.storage.withUnsafeBufferPointer { a in
      b.storage.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
    }
  }

  /// Where the storage is: equal for two members that share it (`shared`), read with no
  /// retain, so a patch skips an unchanged part for one compare.
  @inlinable
  public var identity: UInt {
    storage.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }

  public static func == (a: CopyOnWrite, b: CopyOnWrite) -> Bool {
    shared(a, b) || a.storage[0] == b.storage[0]
  }

  /// Decoded as its value alone.
  public init(from decoder: any Decoder) throws { storage = [try Value(from: decoder)] }

  /// Encoded as its value alone.
  public func encode(to encoder: any Encoder) throws { try storage[0].encode(to: encoder) }
}

extension CopyOnWrite: SchemaDescribed {
  /// The value's schema: the storage is not published.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue { recorder.schema(of: Value.self) }
  public static var schemaSample: CopyOnWrite {
    CopyOnWrite(wrappedValue: (try? SchemaRecorder().read(Value.self).sample)!)
  }
}

extension CopyOnWrite: MemberDefaults where Value: MemberDefaults {
  /// The value's defaults: a member the JSON leaves out reads as it would without the storage.
  public static var memberDefaults: CopyOnWrite { CopyOnWrite(wrappedValue: Value.memberDefaults) }
}
