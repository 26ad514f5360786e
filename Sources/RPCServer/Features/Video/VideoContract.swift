import GalleryCore

/// Video: a random popular clip, in the rendition best for the declared screen.
enum VideoContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "video/playRandom",
      "Fetches popular videos and picks one at random (the pick is recorded, so replay shows the same); /video gets the rendition best for the declared screen and quality, its poster, duration and author. Video bytes are never downloaded.",
      .optionalInt("width", in: 1...16384, "the player's width in pixels"),
      .optionalInt("height", in: 1...16384, "the player's height in pixels"),
      .optionalChoice(
        "quality", VideoWish.qualities,
        "sd, hd, uhd or hls (the adaptive stream); default: the best that covers the screen"),
      refuses: ["video.badQuality", "video.badScreen", "request.retryTooSoon"]
    ) { width, height, quality in
      .video(.playRandom(VideoWish(width: width, height: height, quality: quality)))
    }.example(["width": 1280, "height": 720])
  ]
}
