/// An optional state field that encodes `nil` as JSON `null` instead of leaving the key out,
/// so every documented state path always exists (`/login/error` is `null`, not missing) and
/// a patch replaces a value rather than adding and removing keys.
@propertyWrapper
public struct Nullable<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  public var wrappedValue: Value?

  public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

  /// Two absent values are told equal with no copy of either (most optional members of a
  /// state are nil, and a patch compares them on every change of their part).
  public static func == (a: Nullable, b: Nullable) -> Bool {
    // Matched, not compared to nil: `== nil` copies the value first.
    if case .none = a.wrappedValue {
      if case .none = b.wrappedValue { return true }
      return false
    }
    if case .none = b.wrappedValue { return false }
    return a.wrappedValue == b.wrappedValue
  }

  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    wrappedValue = c.decodeNil() ? nil : try c.decode(Value.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    if let value = wrappedValue { try c.encode(value) } else { try c.encodeNil() }
  }
}

extension KeyedDecodingContainer {
  /// A missing key reads as `nil` (state written before the field existed).
  public func decode<T>(_ type: Nullable<T>.Type, forKey key: Key) throws -> Nullable<T> {
    try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
  }
}
