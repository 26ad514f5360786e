extension PixabayProvider {
  /// pixabay.com's API: photos, with a key.
  public static let service = ProviderService(
    "pixabay", defaultBaseURL: defaultBaseURL, keys: [.init("PIXABAY_API_KEY")])
}

extension PexelsProvider {
  /// pexels.com's API: photos (the feed) and videos, with one key.
  public static let service = ProviderService(
    "pexels", defaultBaseURL: defaultBaseURL, keys: [.init("PEXELS_API_KEY")])
}

extension FeedFeature {
  /// The feed's source: the offline demo catalog, Pixabay or Pexels.
  static let providerChoice: ProviderChoice? = ProviderChoice(
    area: "feed", summary: "the feed's source",
    options: [
      ProviderOption("demo") { _, environment in environment.feed = DemoCatalog() },
      ProviderOption(
        "pixabay",
        needs: ["PIXABAY_API_KEY": "loads will fail"]
      ) { c, environment in
        let service = PixabayProvider.service
        environment.feed = PixabayProvider(
          baseURL: c.baseURL(service), apiKey: c.key("PIXABAY_API_KEY", of: service), http: c.http)
      },
      ProviderOption(
        "pexels",
        needs: ["PEXELS_API_KEY": "loads will fail"]
      ) { c, environment in
        let service = PexelsProvider.service
        environment.feed = PexelsProvider(
          baseURL: c.baseURL(service), apiKey: c.key("PEXELS_API_KEY", of: service), http: c.http)
      },
    ],
    services: [PixabayProvider.service, PexelsProvider.service], installed: { $0.feed.name })
}

extension ProviderArea {
  /// Where Feed's provider requests report what they observed.
  public static let feed = ProviderArea(declaring: "feed", order: 10)
}

extension FeedFeature {
  static let providerArea: ProviderArea = .feed
  /// Its provider has one budget: no narrower area.
  static let limitAreas: [ProviderArea] = []
}
