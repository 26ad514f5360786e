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
  /// Popular videos (Pexels or the demo).
  public var video: any VideoProvider
  /// The locale's language, recorded at the first start (nil: not detected, e.g. in tests).
  public var locale: Language?
  /// Builds the environment `settings/update` chooses (nil: providers stay as configured).
  public var rebuild: (@Sendable (ProviderSettings) -> GalleryEnvironment)?

  /// The providers this environment serves, as settings name them.
  public var providerSettings: ProviderSettings {
    var settings = ProviderSettings()
    (settings.feed, settings.albums, settings.account, settings.video) = (
      feed.name, albums.name, account.info.name, video.name
    )
    return settings
  }

  public init(
    auth: any AuthBackend = DemoAuthBackend(), feed: any PhotoProvider = DemoCatalog(),
    albums: any AlbumsProvider = DemoAlbums(),
    images: ImageSource = ImageSource(http: URLSessionHTTPClient()),
    account: any AccountProvider = DemoAccount(), video: any VideoProvider = DemoVideos(),
    locale: Language? = nil, rebuild: (@Sendable (ProviderSettings) -> GalleryEnvironment)? = nil
  ) {
    self.account = account
    self.video = video
    self.locale = locale
    self.rebuild = rebuild
    self.auth = auth
    self.feed = feed
    self.albums = albums
    self.images = images
  }
}
