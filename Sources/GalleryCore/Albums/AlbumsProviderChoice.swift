extension JSONPlaceholderProvider {
  /// jsonplaceholder.typicode.com: albums, users and photos, without a key.
  public static let service = ProviderService("jsonplaceholder", defaultBaseURL: defaultBaseURL)
}

extension AlbumsFeature {
  /// The albums' source: the offline demo, or JSONPlaceholder.
  static let providerChoice: ProviderChoice? = ProviderChoice(
    area: "albums", summary: "the albums' source",
    options: [
      ProviderOption("demo") { _, environment in environment.albums = DemoAlbums() },
      ProviderOption("jsonplaceholder") { c, environment in
        environment.albums = JSONPlaceholderProvider(
          baseURL: c.baseURL(JSONPlaceholderProvider.service), http: c.http)
      },
    ],
    services: [JSONPlaceholderProvider.service], installed: { $0.albums.name })
}

extension ProviderArea {
  /// Where Albums's provider requests report what they observed.
  public static let albums = ProviderArea(declaring: "albums", order: 20)
}

extension AlbumsFeature {
  static let providerArea: ProviderArea = .albums
  /// Its provider has one budget: no narrower area.
  static let limitAreas: [ProviderArea] = []
}
