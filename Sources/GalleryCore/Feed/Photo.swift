/// A photo as the app shows it, mapped from whichever provider sent it (API types never
/// reach the state).
///
/// Its members, declared once: Tools/shapes/generate.py writes `Photo` from them (Photo+JSON.swift:
/// its texts in one buffer, `PhotoTexts`; its coding; its one-pass readers and writer). Adding
/// a member is a line here and the generator; the memberwise init takes them in this order.
// JSON shape: generated, texts packed
public protocol PhotoMembers {
  /// Stable and unique in the list: `provider:id`.
  var key: String { get }
  /// The provider's own id.
  var providerID: String { get }
  var width: Int { get }
  var height: Int { get }
  /// Who took it, for attribution.
  var author: String { get }
  var authorURL: String? { get }
  var tags: [String] { get }
  var likes: Int? { get }
  /// The provider's page for the photo (attribution link).
  var pageURL: String { get }
  var thumbnailURL: String { get }
  var largeURL: String { get }
  /// `#RRGGBB`, a placeholder color while the image loads.
  var averageColor: String? { get }
  var alt: String? { get }
  /// The full-size original, for providers that offer one (Pexels' `original`, Pixabay's
  /// `imageURL` with full API access); null otherwise.
  var originalURL: String? { get }
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
