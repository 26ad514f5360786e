/// An image of the signed-in account as the provider lists it (display model).
public struct AccountImage: Codable, Equatable, Sendable {
  public var id: String
  @Nullable public var title: String? = nil
  @Nullable public var description: String? = nil
  /// The full image.
  public var link: String
  /// A smaller rendition for the grid.
  public var thumbnailURL: String
  /// MIME type, e.g. `image/png`.
  public var type: String
  public var width: Int
  public var height: Int
  /// Bytes.
  public var size: Int64
  public var views: Int64
  /// Bytes served so far (beyond 32 bits on popular images).
  public var bandwidth: Int64
  /// Upload time, seconds since the epoch.
  public var datetime: Int64
  public var animated: Bool

  public init(
    id: String, title: String? = nil, description: String? = nil, link: String, thumbnailURL: String,
    type: String, width: Int, height: Int, size: Int64, views: Int64 = 0, bandwidth: Int64 = 0,
    datetime: Int64, animated: Bool = false
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.link = link
    self.thumbnailURL = thumbnailURL
    self.type = type
    self.width = width
    self.height = height
    self.size = size
    self.views = views
    self.bandwidth = bandwidth
    self.datetime = datetime
    self.animated = animated
  }
}

/// One image in `/account/images`: the image, its key for the image commands
/// (`account:ID`, used with `feed/prefetch`), and its thumbnail's state.
public struct AccountImageItem: Codable, Equatable, Sendable {
  public var key: String
  public var image: AccountImage
  public var thumbnail = ImageState()
  /// Set when deleting it failed and it came back.
  @Nullable public var error: Message? = nil

  public init(image: AccountImage) {
    self.key = "account:\(image.id)"
    self.image = image
  }
}

/// Where sign-in sends the user: the provider's authorize endpoint and the public client id.
public struct AccountProviderInfo: Codable, Equatable, Sendable {
  /// `demo` or `imgur`.
  public var name: String
  /// `{base}/oauth2/authorize` (`demo://imgur/oauth2/authorize` for the demo).
  public var authorizeEndpoint: String
  /// The public client id (it is part of the authorize URL, not a secret).
  public var clientID: String

  public init(name: String, authorizeEndpoint: String, clientID: String) {
    self.name = name
    self.authorizeEndpoint = authorizeEndpoint
    self.clientID = clientID
  }
}

/// A file checked for upload: a readable regular image file under the size cap.
public struct UploadFile: Codable, Equatable, Sendable {
  /// The absolute path.
  public var path: String
  /// The last path component, shown while uploading.
  public var fileName: String
  public var byteCount: Int
  /// From the file's bytes (not its name), e.g. `image/png`.
  public var mimeType: String
  /// True for bytes a frontend sent (`data`), kept under the data directory's `uploads/` until
  /// the upload succeeds; absent for a file the user named.
  public var staged: Bool?

  public init(path: String, fileName: String, byteCount: Int, mimeType: String, staged: Bool? = nil) {
    self.staged = staged
    self.path = path
    self.fileName = fileName
    self.byteCount = byteCount
    self.mimeType = mimeType
  }
}

/// What an upload request asks for.
public struct UploadRequest: Codable, Equatable, Sendable {
  public var file: UploadFile
  @Nullable public var title: String? = nil
  @Nullable public var description: String? = nil

  public init(file: UploadFile, title: String? = nil, description: String? = nil) {
    self.file = file
    self.title = title
    self.description = description
  }
}

extension AccountImage: PersistedDefaults {
  /// Empty texts, no size, no views, not animated.
  public static var persistedDefaults: AccountImage {
    AccountImage(id: "", link: "", thumbnailURL: "", type: "", width: 0, height: 0, size: 0, datetime: 0)
  }
}

extension AccountImageItem: PersistedDefaults {
  /// The default image, its thumbnail not requested.
  public static var persistedDefaults: AccountImageItem { AccountImageItem(image: .persistedDefaults) }
}

extension AccountProviderInfo: PersistedDefaults {
  /// Empty texts; inside the state the demo account's info counts.
  public static var persistedDefaults: AccountProviderInfo {
    AccountProviderInfo(name: "", authorizeEndpoint: "", clientID: "")
  }
}

extension UploadFile: PersistedDefaults {
  /// No file: empty texts, no bytes, not staged.
  public static var persistedDefaults: UploadFile {
    UploadFile(path: "", fileName: "", byteCount: 0, mimeType: "")
  }
}

extension UploadRequest: PersistedDefaults {
  /// The default file, no title or description.
  public static var persistedDefaults: UploadRequest { UploadRequest(file: .persistedDefaults) }
}
