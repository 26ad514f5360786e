/// The albums' facts recorded in the log.
public enum AlbumsEvents {
  static let all: [any EventPayload.Type] = [
    LoadStarted.self, AlbumsArrived.self, AlbumsFailed.self, OwnersArrived.self, OwnersFailed.self,
    SearchChanged.self, PreviewFound.self, AlbumOpened.self, PhotosLoadStarted.self, PhotosArrived.self,
    PhotosFailed.self, PhotoOpened.self,
  ]

  /// Albums and users were requested together.
  public struct LoadStarted: EventPayload {
    public static let type = "albums.loadStarted"
    public var requestID: Int
    public init(requestID: Int) { self.requestID = requestID }
  }

  public struct AlbumsArrived: EventPayload {
    public static let type = "albums.albumsArrived"
    public var requestID: Int
    public var albums: [AlbumInfo]
    public init(requestID: Int, albums: [AlbumInfo]) {
      self.requestID = requestID
      self.albums = albums
    }
  }

  public struct AlbumsFailed: CarriesFailure {
    public static let type = "albums.albumsFailed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct OwnersArrived: EventPayload {
    public static let type = "albums.ownersArrived"
    public var requestID: Int
    public var owners: [Owner]
    public init(requestID: Int, owners: [Owner]) {
      self.requestID = requestID
      self.owners = owners
    }
  }

  public struct OwnersFailed: CarriesFailure {
    public static let type = "albums.ownersFailed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct SearchChanged: EventPayload {
    public static let type = "albums.searchChanged"
    public var text: String
    public init(text: String) { self.text = text }
  }

  /// An album's first photo was looked up: its thumbnail is the album's preview.
  public struct PreviewFound: EventPayload {
    public static let type = "albums.previewFound"
    public var albumID: Int
    public var url: String
    public init(albumID: Int, url: String) {
      self.albumID = albumID
      self.url = url
    }
  }

  public struct AlbumOpened: EventPayload {
    public static let type = "albums.albumOpened"
    public var albumID: Int
    public init(albumID: Int) { self.albumID = albumID }
  }

  public struct PhotosLoadStarted: EventPayload {
    public static let type = "albums.photosLoadStarted"
    public var albumID: Int
    public var requestID: Int
    public init(albumID: Int, requestID: Int) {
      self.albumID = albumID
      self.requestID = requestID
    }
  }

  public struct PhotosArrived: EventPayload {
    public static let type = "albums.photosArrived"
    public var requestID: Int
    public var photos: [AlbumPhoto]
    public init(requestID: Int, photos: [AlbumPhoto]) {
      self.requestID = requestID
      self.photos = photos
    }
  }

  public struct PhotosFailed: CarriesFailure {
    public static let type = "albums.photosFailed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct PhotoOpened: EventPayload {
    public static let type = "albums.photoOpened"
    public var photoID: Int
    public init(photoID: Int) { self.photoID = photoID }
  }
}
