/// What a frontend asks of the favorites.
public enum FavoritesAction: Codable, Equatable, Sendable {
  /// Keep (add) the photo a screen shows under `key` (a feed row, an album photo, an account
  /// image, an open photo); keeping a kept one does nothing.
  case add(key: String)
  /// Forget a kept photo, by its favorite key or by the key it was kept from.
  case remove(key: String)
  /// Open a kept photo on its own screen, from the favorites tab (it loads the large image).
  case open(key: String)
}

extension FavoritesAction: FeatureAction {
  typealias Feature = FavoritesFeature
}

extension Action {
  /// An action of the favorites feature.
  public static func favorites(_ action: FavoritesAction) -> Action { Action(action) }
}
