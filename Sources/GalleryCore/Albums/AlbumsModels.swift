/// An album as the provider lists it.
// JSON shape: generated
public struct AlbumInfo: Codable, Equatable, Sendable {
  public var id: Int
  public var ownerID: Int
  public var title: String
  public init(id: Int, ownerID: Int, title: String) {
    self.id = id
    self.ownerID = ownerID
    self.title = title
  }
}

/// An album's owner.
// JSON shape: generated
public struct Owner: Codable, Equatable, Sendable {
  public var id: Int
  public var name: String
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A photo of an album: a thumbnail and the original image.
// JSON shape: generated
public struct AlbumPhoto: Codable, Equatable, Sendable {
  public var id: Int
  public var albumID: Int
  public var title: String
  public var thumbnailURL: String
  public var url: String
  public init(id: Int, albumID: Int, title: String, thumbnailURL: String, url: String) {
    self.id = id
    self.albumID = albumID
    self.title = title
    self.thumbnailURL = thumbnailURL
    self.url = url
  }
}

/// One album card in the grouped list: its preview is the first photo's thumbnail.
public struct AlbumCard: Codable, Equatable, Sendable {
  /// `album:ID`, the key prefetch and cancel take.
  public var key: String
  public var id: Int
  public var title: String
  @Nullable public var owner: String?
  public var preview: ImageState
  /// The first photo's thumbnail, once looked up.
  @Nullable public var previewURL: String?

  public init(album: AlbumInfo, owner: String?) {
    key = "album:\(album.id)"
    id = album.id
    title = album.title
    self.owner = owner
    preview = ImageState()
    previewURL = nil
  }
}

/// A section of the albums screen: one owner's albums (no title when owners are unknown), by
/// id: the cards live once, in `/albums/all`, so a preview change is patched once.
public struct AlbumSection: Codable, Equatable, Sendable {
  @Nullable public var title: String?
  public var albumIds: [Int]

  public init(title: String?, albumIds: [Int]) {
    self.title = title
    self.albumIds = albumIds
  }

  private enum Keys: String, CodingKey { case title, albumIds, albums }

  /// Also reads a snapshot written when sections held whole cards (`albums`).
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Keys.self)
    title = try c.decodeIfPresent(String.self, forKey: .title)
    // The old member first: `albumIds` always reads (a missing one takes its default).
    if let cards = try c.decodeIfPresent([AlbumCard].self, forKey: .albums) {
      albumIds = cards.map(\.id)
    } else {
      albumIds = try c.decode([Int].self, forKey: .albumIds)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Keys.self)
    try c.encode(Nullable(wrappedValue: title), forKey: .title)
    try c.encode(albumIds, forKey: .albumIds)
  }
}

/// A photo in the open album, with its thumbnail's state.
public struct AlbumPhotoItem: Codable, Equatable, Sendable {
  /// `photo:ID`, the key prefetch and cancel take.
  public var key: String
  public var photo: AlbumPhoto
  public var thumbnail: ImageState
  public init(photo: AlbumPhoto) {
    key = "photo:\(photo.id)"
    self.photo = photo
    thumbnail = ImageState()
  }
}

/// The open album (`/album`).
public struct OpenAlbum: Codable, Equatable, Sendable {
  public var id: Int
  public var title: String
  public var status: AlbumsState.Status
  public var photos: [AlbumPhotoItem]
  @Nullable public var error: Message?
  @CoreOnly @Nullable public var requestID: Int?
  /// `albums.emptyAlbum` once the album loaded with no photos.
  @Nullable public var emptyNotice: Message? = nil
}

/// The open photo (`/photo`): the original image.
public struct OpenPhoto: Codable, Equatable, Sendable {
  public var key: String
  public var photo: AlbumPhoto
  public var image: ImageState
}

extension AlbumInfo: PersistedDefaults {
  /// Id 0, no owner, no title.
  public static var persistedDefaults: AlbumInfo { AlbumInfo(id: 0, ownerID: 0, title: "") }
}

extension Owner: PersistedDefaults {
  /// Id 0, no name.
  public static var persistedDefaults: Owner { Owner(id: 0, name: "") }
}

extension AlbumPhoto: PersistedDefaults {
  /// Id 0, no title, no URLs.
  public static var persistedDefaults: AlbumPhoto {
    AlbumPhoto(id: 0, albumID: 0, title: "", thumbnailURL: "", url: "")
  }
}

extension AlbumCard: PersistedDefaults {
  /// The default album's card: no owner, no preview.
  public static var persistedDefaults: AlbumCard { AlbumCard(album: .persistedDefaults, owner: nil) }
}

extension AlbumSection: PersistedDefaults {
  /// No title, no albums.
  public static var persistedDefaults: AlbumSection { AlbumSection(title: nil, albumIds: []) }
}

extension AlbumPhotoItem: PersistedDefaults {
  /// The default photo, its thumbnail not requested.
  public static var persistedDefaults: AlbumPhotoItem { AlbumPhotoItem(photo: .persistedDefaults) }
}

extension OpenAlbum: PersistedDefaults {
  /// Album 0, idle, no photos.
  public static var persistedDefaults: OpenAlbum {
    OpenAlbum(id: 0, title: "", status: .idle, photos: [], error: nil, requestID: nil, emptyNotice: nil)
  }
}

extension OpenPhoto: PersistedDefaults {
  /// The default photo, its image not requested.
  public static var persistedDefaults: OpenPhoto {
    OpenPhoto(key: "", photo: .persistedDefaults, image: ImageState())
  }
}
