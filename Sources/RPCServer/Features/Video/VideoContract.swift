import GalleryCore

/// Video: a random popular clip, in the rendition best for the declared screen.
enum VideoContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "video/playRandom",
      "Fetches popular videos and picks one at random (the pick is recorded, so replay shows the same); /video gets the rendition best for the declared screen and quality, its poster, duration and author. Video bytes are never downloaded.",
      params: [
        .init(
          "width", Schema.integer(minimum: 1, maximum: 16384), required: false, "the player's width in pixels"
        ),
        .init(
          "height", Schema.integer(minimum: 1, maximum: 16384), required: false,
          "the player's height in pixels"),
        .init(
          "quality", Schema.enumeration(VideoWish.qualities), required: false,
          "sd, hd, uhd or hls (the adaptive stream); default: the best that covers the screen"),
      ]
    ) { p throws(RPCError) in
      Action.video(
        .playRandom(
          VideoWish(
            width: try p.optionalInt("width", in: 1...16384),
            height: try p.optionalInt("height", in: 1...16384),
            quality: try p.optionalString("quality"))))
    }
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "video/playRandom": ["video.badQuality", "video.badScreen", "request.retryTooSoon"]
  ]
}
