extension VideoFeature {
  /// A random video fitted to a screen, then the stream asked for by quality.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 50,
      [
        (
          "video/playRandom {\"width\":1280,\"height\":720} (a random pick, recorded)",
          .video(.playRandom(VideoWish(width: 1280, height: 720)))
        ),
        ("video/playRandom {\"quality\":\"hls\"}", .video(.playRandom(VideoWish(quality: "hls")))),
      ])
  }
}
