/// A kind of file the demo providers' `demo://` links name, and how its bytes are made: a
/// feature declares its own (`Demonstrates.demoFiles`), so whoever serves those links (the
/// web bridge's `/demo/…`) finds them here and names no feature.
public struct DemoFileSource: Sendable {
  /// The links it serves start with this (`demo://video/`).
  public let prefix: String
  /// The bytes' media type.
  public let contentType: String
  /// Whether a server keeps the last file it made (a video is asked for again by its player,
  /// and costs more to make than to keep).
  public let keepsLast: Bool
  /// The file behind a link, or nil when the link names none.
  public let bytes: @Sendable (String) -> [UInt8]?

  public init(
    prefix: String, contentType: String, keepsLast: Bool = false,
    bytes: @escaping @Sendable (String) -> [UInt8]?
  ) {
    self.prefix = prefix
    self.contentType = contentType
    self.keepsLast = keepsLast
    self.bytes = bytes
  }

  /// Every feature's, from the module list.
  public static let all: [DemoFileSource] = GalleryModules.demonstrating.flatMap { $0.demoFiles }

  /// The source serving `link`, if any.
  public static func serving(_ link: String) -> DemoFileSource? { all.first { link.hasPrefix($0.prefix) } }
}
