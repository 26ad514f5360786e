extension Route.Screen {
  /// The kept photos, the root of their tab.
  public static let favorites = Route.Screen(declaring: "favorites")
  /// One kept photo, pushed from the favorites.
  public static let favorite = Route.Screen(declaring: "favorite")
}

extension Tab {
  /// The kept photos.
  public static let favorites = Tab(declaring: "favorites")
}

extension FavoritesFeature {
  static let screens: [Route.Screen] = [.favorites, .favorite]

  /// After the video, before the settings; an open kept photo stays above it.
  static let tab: TabDeclaration? = TabDeclaration(
    .favorites, root: .favorites, order: 50, pushes: [.favorite],
    pushed: { state in state.favorites.open.map { [Route(.favorite, id: $0.key)] } ?? [] })
}
