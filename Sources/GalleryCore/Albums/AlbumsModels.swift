/// An album as the provider lists it.
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
public struct Owner: Codable, Equatable, Sendable {
  public var id: Int
  public var name: String
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A photo of an album: a thumbnail and the original image.
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

/// Where albums, owners and photos come from: JSONPlaceholder or the demo catalog.
public protocol AlbumsProvider: Sendable {
  var name: String { get }
  func albums() async -> Result<[AlbumInfo], RequestFailure>
  func users() async -> Result<[Owner], RequestFailure>
  func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure>
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

/// A section of the albums screen: one owner's albums (no title when owners are unknown).
public struct AlbumSection: Codable, Equatable, Sendable {
  @Nullable public var title: String?
  public var albums: [AlbumCard]
  public init(title: String?, albums: [AlbumCard]) {
    self.title = title
    self.albums = albums
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
  @Nullable public var requestID: Int?
  /// `albums.emptyAlbum` once the album loaded with no photos.
  @Nullable public var emptyNotice: Message? = nil
}

/// The open photo (`/photo`): the original image.
public struct OpenPhoto: Codable, Equatable, Sendable {
  public var key: String
  public var photo: AlbumPhoto
  public var image: ImageState
}

/// The albums screen (`/albums`).
public struct AlbumsState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable { case idle, loading, loaded, failed }
  public var status = Status.idle
  /// The grouped albums after the search filter.
  public var sections: [AlbumSection] = []
  /// Every album card, by id order (the search filters these into `sections`).
  public var all: [AlbumCard] = []
  public var search = ""
  /// `null`, or why owners are missing (users failed while albums loaded).
  @Nullable public var notice: Message? = nil
  @Nullable public var error: Message? = nil
  /// The load in flight and what has arrived of it.
  @Nullable public var pending: PendingLoad? = nil

  public struct PendingLoad: Codable, Equatable, Sendable {
    public var requestID: Int
    @Nullable public var albums: [AlbumInfo]? = nil
    @Nullable public var owners: [Owner]? = nil
    /// Users failed (sections then have no owner names).
    public var ownersFailed = false
    public init(requestID: Int) { self.requestID = requestID }
  }

  public init() {}
}

/// Where the environment keeps the albums provider.
public enum AlbumsProviderKey: ProviderKey {
  public static var defaultValue: any AlbumsProvider { DemoAlbums() }
}

extension GalleryEnvironment {
  /// Albums, owners and album photos.
  public var albums: any AlbumsProvider {
    get { self[AlbumsProviderKey.self] }
    set { self[AlbumsProviderKey.self] = newValue }
  }
}
