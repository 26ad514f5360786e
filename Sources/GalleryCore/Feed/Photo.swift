/// A photo as the app shows it, mapped from whichever provider sent it (API types never
/// reach the state).
public struct Photo: Codable, Equatable, Sendable {
  /// Every text below, in one buffer (one allocation per photo; see `PhotoTexts`).
  private let texts: PhotoTexts
  public let width: Int
  public let height: Int
  public let likes: Int?

  /// Stable and unique in the list: `provider:id`.
  public var key: String { texts[.key] ?? "" }
  /// The provider's own id.
  public var providerID: String { texts[.providerID] ?? "" }
  /// Who took it, for attribution.
  public var author: String { texts[.author] ?? "" }
  public var authorURL: String? { texts[.authorURL] }
  public var tags: [String] { texts.tags }
  /// The provider's page for the photo (attribution link).
  public var pageURL: String { texts[.pageURL] ?? "" }
  public var thumbnailURL: String { texts[.thumbnailURL] ?? "" }
  public var largeURL: String { texts[.largeURL] ?? "" }
  /// The full-size original, for providers that offer one (Pexels' `original`, Pixabay's
  /// `imageURL` with full API access); null otherwise.
  public var originalURL: String? { texts[.originalURL] }
  /// `#RRGGBB`, a placeholder color while the image loads.
  public var averageColor: String? { texts[.averageColor] }
  public var alt: String? { texts[.alt] }

  public init(
    key: String, providerID: String, width: Int, height: Int, author: String, authorURL: String? = nil,
    tags: [String] = [], likes: Int? = nil, pageURL: String, thumbnailURL: String, largeURL: String,
    averageColor: String? = nil, alt: String? = nil, originalURL: String? = nil
  ) {
    // In `PhotoTexts.Field` order.
    self.texts = PhotoTexts(
      [alt, author, authorURL, averageColor, key, largeURL, originalURL, pageURL, providerID, thumbnailURL],
      tags: tags)
    self.width = width
    self.height = height
    self.likes = likes
  }

  /// A photo of texts already laid out (replay reads them straight off a log line).
  init(texts: PhotoTexts, width: Int, height: Int, likes: Int?) {
    self.texts = texts
    self.width = width
    self.height = height
    self.likes = likes
  }

  private enum Keys: String, CodingKey {
    case key, providerID, width, height, author, authorURL, tags, likes, pageURL, thumbnailURL, largeURL
    case originalURL, averageColor, alt
  }

  /// The same members as ever; an optional one may be missing (a log older than it) or null.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Keys.self)
    self.init(
      key: try c.decode(String.self, forKey: .key),
      providerID: try c.decode(String.self, forKey: .providerID),
      width: try c.decode(Int.self, forKey: .width), height: try c.decode(Int.self, forKey: .height),
      author: try c.decode(String.self, forKey: .author),
      authorURL: try c.decodeIfPresent(String.self, forKey: .authorURL),
      tags: try c.decode([String].self, forKey: .tags),
      likes: try c.decodeIfPresent(Int.self, forKey: .likes),
      pageURL: try c.decode(String.self, forKey: .pageURL),
      thumbnailURL: try c.decode(String.self, forKey: .thumbnailURL),
      largeURL: try c.decode(String.self, forKey: .largeURL),
      averageColor: try c.decodeIfPresent(String.self, forKey: .averageColor),
      alt: try c.decodeIfPresent(String.self, forKey: .alt),
      originalURL: try c.decodeIfPresent(String.self, forKey: .originalURL))
  }

  /// Every member, an absent optional as `null` (so every documented path exists).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Keys.self)
    try c.encode(key, forKey: .key)
    try c.encode(providerID, forKey: .providerID)
    try c.encode(width, forKey: .width)
    try c.encode(height, forKey: .height)
    try c.encode(author, forKey: .author)
    try c.encode(Nullable(wrappedValue: authorURL), forKey: .authorURL)
    try c.encode(tags, forKey: .tags)
    try c.encode(Nullable(wrappedValue: likes), forKey: .likes)
    try c.encode(pageURL, forKey: .pageURL)
    try c.encode(thumbnailURL, forKey: .thumbnailURL)
    try c.encode(largeURL, forKey: .largeURL)
    try c.encode(Nullable(wrappedValue: originalURL), forKey: .originalURL)
    try c.encode(Nullable(wrappedValue: averageColor), forKey: .averageColor)
    try c.encode(Nullable(wrappedValue: alt), forKey: .alt)
  }
}

/// One row of the feed: the photo and its thumbnail's state.
public struct FeedItem: Codable, Equatable, Sendable {
  public var key: String
  public var photo: Photo
  public var thumbnail: ImageState

  public init(photo: Photo, thumbnail: ImageState = ImageState()) {
    self.init(key: photo.key, photo: photo, thumbnail: thumbnail)
  }

  /// A row whose photo's key the caller read already (`key == photo.key`).
  init(key: String, photo: Photo, thumbnail: ImageState) {
    self.key = key
    self.photo = photo
    self.thumbnail = thumbnail
  }
}

/// A page of photos from a provider.
// JSON shape: generated
public struct FeedPage: Codable, Equatable, Sendable {
  public var photos: [Photo]
  /// Whether the provider has a next page.
  public var hasMore: Bool

  public init(photos: [Photo], hasMore: Bool) {
    self.photos = photos
    self.hasMore = hasMore
  }
}

extension Photo: PersistedDefaults {
  /// Empty texts, no size, no tags; the optional texts absent.
  public static var persistedDefaults: Photo {
    Photo(
      key: "", providerID: "", width: 0, height: 0, author: "", pageURL: "", thumbnailURL: "", largeURL: "")
  }
}

extension FeedItem: PersistedDefaults {
  /// An empty photo, its thumbnail not requested.
  public static var persistedDefaults: FeedItem { FeedItem(photo: .persistedDefaults) }
}
