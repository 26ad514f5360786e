/// The outside world the runtime talks to: the providers, chosen by configuration.
public struct GalleryEnvironment: Sendable {
  /// Sign-in and registration.
  public var auth: any AuthBackend
  /// The photo feed.
  public var feed: any PhotoProvider
  /// Image bytes (thumbnails, large images).
  public var images: ImageSource

  public init(
    auth: any AuthBackend = DemoAuthBackend(), feed: any PhotoProvider = DemoCatalog(),
    images: ImageSource = ImageSource(http: URLSessionHTTPClient())
  ) {
    self.auth = auth
    self.feed = feed
    self.images = images
  }
}
