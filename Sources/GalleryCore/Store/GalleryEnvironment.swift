/// The outside world the runtime talks to: the providers, chosen by configuration.
public struct GalleryEnvironment: Sendable {
  /// Sign-in and registration.
  public var auth: any AuthBackend
  /// The photo feed.
  public var feed: any PhotoProvider
  /// Albums, owners and album photos.
  public var albums: any AlbumsProvider
  /// Image bytes (thumbnails, large images).
  public var images: ImageSource
  /// The signed-in account's images (Imgur or the demo).
  public var account: any AccountProvider

  public init(
    auth: any AuthBackend = DemoAuthBackend(), feed: any PhotoProvider = DemoCatalog(),
    albums: any AlbumsProvider = DemoAlbums(),
    images: ImageSource = ImageSource(http: URLSessionHTTPClient()),
    account: any AccountProvider = DemoAccount()
  ) {
    self.account = account
    self.auth = auth
    self.feed = feed
    self.albums = albums
    self.images = images
  }
}
