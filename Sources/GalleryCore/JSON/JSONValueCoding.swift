import Foundation
@_exported import JSON

/// `JSONValue` to and from the domain's `Codable` types, as `JSONCoding` writes them. This
/// file also makes the `JSON` target's types part of what `import GalleryCore` brings.
extension JSONValue {
  /// Converts any `Encodable` value, as `JSONCoding.encode` would write it.
  public init<T: Encodable>(encoding value: T) throws {
    self = try JSONValueEncoder().encode(value)
  }

  /// Decodes `T` from this value.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONCoding.decode(type, from: Data(JSONWriter.bytes(self)))
  }
}
