/// A photo as the app shows it, mapped from whichever provider sent it (API types never
/// reach the state).
public struct Photo: Codable, Equatable, Sendable {
  /// Stable and unique in the list: `provider:id`.
  public var key: String
  /// The provider's own id.
  public var providerID: String
  public var width: Int
  public var height: Int
  /// Who took it, for attribution.
  public var author: String
  @Nullable public var authorURL: String?
  public var tags: [String]
  @Nullable public var likes: Int?
  /// The provider's page for the photo (attribution link).
  public var pageURL: String
  public var thumbnailURL: String
  public var largeURL: String
  /// The full-size original, for providers that offer one (Pexels' `original`, Pixabay's
  /// `imageURL` with full API access); null otherwise.
  @Nullable public var originalURL: String?
  /// `#RRGGBB`, a placeholder color while the image loads.
  @Nullable public var averageColor: String?
  @Nullable public var alt: String?

  public init(
    key: String, providerID: String, width: Int, height: Int, author: String, authorURL: String? = nil,
    tags: [String] = [], likes: Int? = nil, pageURL: String, thumbnailURL: String, largeURL: String,
    averageColor: String? = nil, alt: String? = nil, originalURL: String? = nil
  ) {
    self.originalURL = originalURL
    self.key = key
    self.providerID = providerID
    self.width = width
    self.height = height
    self.author = author
    self.authorURL = authorURL
    self.tags = tags
    self.likes = likes
    self.pageURL = pageURL
    self.thumbnailURL = thumbnailURL
    self.largeURL = largeURL
    self.averageColor = averageColor
    self.alt = alt
  }
}

/// One row of the feed: the photo and its thumbnail's state.
public struct FeedItem: Codable, Equatable, Sendable {
  public var key: String
  public var photo: Photo
  public var thumbnail: ImageState

  public init(photo: Photo, thumbnail: ImageState = ImageState()) {
    self.key = photo.key
    self.photo = photo
    self.thumbnail = thumbnail
  }
}

/// A page of photos from a provider.
public struct FeedPage: Codable, Equatable, Sendable {
  public var photos: [Photo]
  /// Whether the provider has a next page.
  public var hasMore: Bool

  public init(photos: [Photo], hasMore: Bool) {
    self.photos = photos
    self.hasMore = hasMore
  }
}
