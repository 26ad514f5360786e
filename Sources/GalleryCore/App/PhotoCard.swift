/// A photo some screen shows, described the same way whatever feature shows it: what another
/// feature needs to keep it (a list of kept photos). Each feature that shows photos says which of its
/// keys name one (`ShowsImages.photoCard`).
public struct PhotoCard: Codable, Equatable, Sendable {
  /// The key it is shown under (`pixabay:12`, `photo:3`, `account:abc`).
  public var source: String
  /// Its caption: the photo's description or title, if it has one.
  @Nullable public var title: String?
  @Nullable public var author: String?
  public var thumbnailURL: String
  /// The large image.
  public var imageURL: String
  @Nullable public var width: Int?
  @Nullable public var height: Int?

  public init(
    source: String, title: String?, author: String?, thumbnailURL: String, imageURL: String,
    width: Int? = nil,
    height: Int? = nil
  ) {
    self.source = source
    self.title = title
    self.author = author
    self.thumbnailURL = thumbnailURL
    self.imageURL = imageURL
    self.width = width
    self.height = height
  }
}

extension PhotoCard: PersistedDefaults {
  /// An empty card (every member a log line leaves out takes its value here).
  public static var persistedDefaults: PhotoCard {
    PhotoCard(source: "", title: nil, author: nil, thumbnailURL: "", imageURL: "")
  }
}

extension PhotoCard: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["width": Schema.atLeast(0), "height": Schema.atLeast(0)]
  }
}
