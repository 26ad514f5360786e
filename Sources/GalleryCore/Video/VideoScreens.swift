extension Route.Screen {
  /// The video player.
  public static let video = Route.Screen(declaring: "video")
}

extension Tab {
  /// The video player.
  public static let video = Tab(declaring: "video")
}

extension VideoFeature {
  static let screens: [Route.Screen] = [.video]

  /// The fourth tab.
  static let tab: TabDeclaration? = TabDeclaration(.video, root: .video, order: 40)
}
