import Foundation

/// The one JSON configuration used for everything the core writes: sorted keys and
/// unescaped slashes, so equal values always give equal bytes (replay compares bytes).
public enum JSONCoding {
  /// Encodes `value` compactly with sorted keys.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// Decodes `T` from JSON bytes.
  public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try JSONDecoder().decode(type, from: data)
  }
}
