extension Route.Screen {
  /// The feed, the root of its tab.
  public static let home = Route.Screen(declaring: "home")
  /// One photo of the feed, pushed from it.
  public static let detail = Route.Screen(declaring: "detail")
}

extension Tab {
  /// The photo feed.
  public static let feed = Tab(declaring: "feed")
}

extension FeedFeature {
  static let screens: [Route.Screen] = [.home, .detail]

  /// The first tab; an open photo stays above it.
  static let tab: TabDeclaration? = TabDeclaration(
    .feed, root: .home, order: 10, pushes: [.detail],
    pushed: { state in state.detail.map { [Route(.detail, id: $0.key)] } ?? [] })
}
