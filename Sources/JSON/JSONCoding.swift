/// The one way a `Codable` value becomes JSON and back, for everything the project writes or
/// reads (events, snapshots, kept files, bundles, provider bodies): `JSONValueEncoder` and
/// `JSONWriter` write (sorted keys, unescaped slashes, so equal values give equal bytes, which
/// replay compares); `JSONTapeDecoder` reads bytes, `JSONValueDecoder` reads parsed values.
public enum JSONCoding {
  /// The compact bytes of `value`, keys sorted.
  public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
    try JSONValueEncoder().encodeBytes(value)
  }

  /// Decodes `T` from one complete JSON text (strict RFC 8259; a missing member takes its
  /// declared default, `MemberDefaults`).
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try JSONTapeDecoder().decode(type, from: bytes)
  }
}

extension JSONValue {
  /// Converts any `Encodable` value, as `JSONCoding.encode` would write it.
  public init<T: Encodable>(encoding value: T) throws {
    self = try JSONValueEncoder().encode(value)
  }

  /// Decodes `T` from this value.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONValueDecoder().decode(type, from: self)
  }
}
