/// A state member only the core needs (a request id, a timer, a load half-arrived): kept in
/// snapshots and the log's base like any member, left out of what clients see (`state/get`,
/// `state/changed`, the published schema). Declared on the member, so the view/model split
/// is the type's, not a list of names: `@CoreOnly @Nullable var requestID: Int?`.
@propertyWrapper
public struct CoreOnly<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  public var wrappedValue: Value

  public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

  public init(from decoder: any Decoder) throws { wrappedValue = try Value(from: decoder) }

  public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// What `JSONValueEncoder(view: true)` and `SchemaRecorder` leave out: a `CoreOnly` member.
extension CoreOnly: HiddenFromView {}

extension CoreOnly: SchemaDescribed {
  /// Never published (the recorder leaves the member out); its value's schema otherwise.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue { recorder.schema(of: Value.self) }
  public static var schemaSample: CoreOnly {
    CoreOnly(wrappedValue: (try? SchemaRecorder().read(Value.self).sample)!)
  }
}

extension KeyedDecodingContainer {
  /// A missing key reads as `nil` (state written before the field existed), as `Nullable`'s.
  public func decode<T>(_ type: CoreOnly<Nullable<T>>.Type, forKey key: Key) throws -> CoreOnly<Nullable<T>> {
    try decodeIfPresent(type, forKey: key) ?? CoreOnly(wrappedValue: Nullable(wrappedValue: nil))
  }
}
