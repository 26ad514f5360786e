extension VideoFeature {
  /// A random clip for a screen of any size (or none declared).
  static let actionSample = ActionSample(weight: 1) { r in
    .video(.playRandom(VideoWish(width: r.pick([nil, 640, 1920]), height: r.pick([nil, 360, 1080]))))
  }
}
