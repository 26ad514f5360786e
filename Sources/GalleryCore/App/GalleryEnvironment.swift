/// The outside world the runtime talks to: the providers, chosen by configuration. The
/// sign-in backend, the feed and image bytes are every app's; each other feature keeps its
/// provider here under its own `ProviderKey`, with an accessor in its folder (as TCA's
/// dependency values do), so this type names no feature.
public struct GalleryEnvironment: Sendable {
  /// Sign-in and registration.
  public var auth: any AuthBackend
  /// The photo feed.
  public var feed: any PhotoProvider
  /// Image bytes (thumbnails, large images).
  public var images: ImageSource
  /// The locale's language, recorded at the first start (nil: not detected, e.g. in tests).
  public var locale: Language?
  /// Builds the environment `settings/update` chooses (nil: providers stay as configured).
  public var rebuild: (@Sendable (ProviderSettings) -> GalleryEnvironment)?
  private var providers: [ObjectIdentifier: any Sendable] = [:]

  /// The provider stored under `key`, or its default.
  public subscript<K: ProviderKey>(key: K.Type) -> K.Value {
    get { providers[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { providers[ObjectIdentifier(key)] = newValue }
  }

  public init(
    auth: any AuthBackend = DemoAuthBackend(), feed: any PhotoProvider = DemoCatalog(),
    images: ImageSource = ImageSource(http: DefaultHTTPClient.make()), locale: Language? = nil,
    rebuild: (@Sendable (ProviderSettings) -> GalleryEnvironment)? = nil
  ) {
    self.auth = auth
    self.feed = feed
    self.images = images
    self.locale = locale
    self.rebuild = rebuild
    // Each feature's default, made once here: a demo provider may keep what it was told.
    for key in GalleryModules.withProviders.flatMap({ $0.providerKeys }) { key.installDefault(in: &self) }
  }
}

/// A feature's provider slot in the environment: its type and the one used when none is
/// configured (the offline demo).
public protocol ProviderKey: Sendable {
  associatedtype Value: Sendable
  /// A new default provider (called once per environment).
  static var defaultValue: Value { get }
}

extension ProviderKey {
  static func installDefault(in environment: inout GalleryEnvironment) {
    environment[Self.self] = defaultValue
  }
}
