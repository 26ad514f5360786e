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
    public static let role: EventRole<Self> = .input(method: "albums/load") { _, _ in .albums(.load) }
    public static let documented = EventDoc(
      data: #"`requestID`"#,
      recordedWhen: #"albums and users were requested"#)
    public var requestID: Int
    public init(requestID: Int) { self.requestID = requestID }
  }

  public struct AlbumsArrived: EventPayload {
    public static let type = "albums.albumsArrived"
    public static let role: EventRole<Self> = .result { RequestTag("albums", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `albums: [{id, ownerID, title}]`"#,
      recordedWhen: #"the albums answer"#)
    public var requestID: Int
    public var albums: [AlbumInfo]
    public init(requestID: Int, albums: [AlbumInfo]) {
      self.requestID = requestID
      self.albums = albums
    }
  }

  public struct AlbumsFailed: CarriesFailure {
    public static let type = "albums.albumsFailed"
    public static let role: EventRole<Self> = .result { RequestTag("albums", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the albums request failed"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct OwnersArrived: EventPayload {
    public static let type = "albums.ownersArrived"
    public static let role: EventRole<Self> = .result { RequestTag("albums", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `owners: [{id, name}]`"#,
      recordedWhen: #"the users answer"#)
    public var requestID: Int
    public var owners: [Owner]
    public init(requestID: Int, owners: [Owner]) {
      self.requestID = requestID
      self.owners = owners
    }
  }

  public struct OwnersFailed: CarriesFailure {
    public static let type = "albums.ownersFailed"
    public static let role: EventRole<Self> = .result { RequestTag("albums", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the users request failed"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct SearchChanged: EventPayload {
    public static let type = "albums.searchChanged"
    public static let role: EventRole<Self> = .input(method: "albums/setSearch") { e, _ in
      .albums(.setSearch(e.text))
    }
    public static let documented = EventDoc(
      data: #"`text`"#,
      recordedWhen: #"the album filter changed"#)
    public var text: String
    public init(text: String) { self.text = text }
  }

  /// An album's first photo was looked up: its thumbnail is the album's preview.
  public struct PreviewFound: EventPayload {
    public static let type = "albums.previewFound"
    public static let role: EventRole<Self> = .result { ImagesEffect.tag("album:\($0.albumID)", .thumbnail) }
    public static let documented = EventDoc(
      data: #"`albumID`, `url`"#,
      recordedWhen: #"an album's first photo was looked up"#)
    public var albumID: Int
    public var url: String
    public init(albumID: Int, url: String) {
      self.albumID = albumID
      self.url = url
    }
  }

  public struct AlbumOpened: EventPayload {
    public static let type = "albums.albumOpened"
    public static let role: EventRole<Self> = .input(method: "albums/open") { e, _ in
      .albums(.open(albumID: e.albumID))
    }
    public static let documented = EventDoc(
      data:
        #"`albumID`, `section?` (the title of the section the screen showed it in: its owner's name; absent when untitled, not shown, or written before it was recorded)"#,
      recordedWhen: #"the album screen opened"#)
    public var albumID: Int
    /// Where the screen showed it (a decision of the grouping a rerun compares); nil: an
    /// untitled section, not shown, or a line written before it was recorded.
    public var section: String?
    public init(albumID: Int, section: String? = nil) {
      self.albumID = albumID
      self.section = section
    }
  }

  public struct PhotosLoadStarted: EventPayload {
    public static let type = "albums.photosLoadStarted"
    public static let role: EventRole<Self> = .decision
    public static let documented = EventDoc(
      data: #"`albumID`, `requestID`"#,
      recordedWhen: #"the album's photos were requested"#)
    public var albumID: Int
    public var requestID: Int
    public init(albumID: Int, requestID: Int) {
      self.albumID = albumID
      self.requestID = requestID
    }
  }

  public struct PhotosArrived: EventPayload {
    public static let type = "albums.photosArrived"
    public static let role: EventRole<Self> = .result { RequestTag("album photos", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `photos`"#,
      recordedWhen: #"the photos answer"#)
    public var requestID: Int
    public var photos: [AlbumPhoto]
    public init(requestID: Int, photos: [AlbumPhoto]) {
      self.requestID = requestID
      self.photos = photos
    }
  }

  public struct PhotosFailed: CarriesFailure {
    public static let type = "albums.photosFailed"
    public static let role: EventRole<Self> = .result { RequestTag("album photos", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the photos request failed"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  public struct PhotoOpened: EventPayload {
    public static let type = "albums.photoOpened"
    public static let role: EventRole<Self> = .input(method: "albums/openPhoto") { e, _ in
      .albums(.openPhoto(photoID: e.photoID))
    }
    public static let documented = EventDoc(
      data: #"`photoID`"#,
      recordedWhen: #"the photo screen opened"#)
    public var photoID: Int
    public init(photoID: Int) { self.photoID = photoID }
  }
}
