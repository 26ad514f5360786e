extension VideoFeature {
  /// The videos' source: the offline demo clips, or Pexels' popular videos.
  static let providerChoice: ProviderChoice? = ProviderChoice(
    area: "video", summary: "the videos' source",
    options: [
      ProviderOption("demo") { _, environment in environment.video = DemoVideos() },
      ProviderOption(
        "pexels",
        needs: ["PEXELS_API_KEY": "picks will fail"]
      ) { c, environment in
        let service = PexelsProvider.service
        environment.video = PexelsVideoProvider(
          baseURL: c.baseURL(service), apiKey: c.key("PEXELS_API_KEY", of: service), http: c.http)
      },
    ],
    services: [PexelsProvider.service], installed: { $0.video.name })
}

extension ProviderArea {
  /// Where Video's provider requests report what they observed.
  public static let video = ProviderArea(declaring: "video", order: 40)
}

extension VideoFeature {
  static let providerArea: ProviderArea = .video
  /// Its provider has one budget: no narrower area.
  static let limitAreas: [ProviderArea] = []
}
