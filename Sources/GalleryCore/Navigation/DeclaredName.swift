/// A value features declare by name in their folders (a tab, a screen): encoded as its name,
/// and decoding a name no feature declares fails, as an unknown case of an enum would.
public protocol DeclaredName: Codable, Hashable, Sendable, CustomStringConvertible {
  var rawValue: String { get }
  /// The declared value named `rawValue`, or nil.
  init?(rawValue: String)
  /// Every declared value, in declaration order (the published schema's enumeration).
  static var declared: [Self] { get }
}

extension DeclaredName {
  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    let name = try decoder.singleValueContainer().decode(String.self)
    guard let value = Self(rawValue: name) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "no \(Self.self) named \(name) is declared"))
    }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}
