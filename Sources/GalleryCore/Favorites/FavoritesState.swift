/// The photos the user kept (`/favorites`), newest first, from any screen that shows photos,
/// and the one open on its own screen: a pure fold of the log, so they work offline and
/// survive restarts.
public struct FavoritesState: Codable, Equatable, Sendable {
  /// The kept photos, newest first.
  public var items: [FavoriteItem] = []
  /// The kept photo open on its own screen (`/favorites/open`), if it is showing.
  @BoxedNullable public var open: OpenFavorite? = nil
  /// The most photos kept: an add past it is refused with `favorites.full`.
  public static let maxItems = 1000

  public init() {}

  /// The kept photo whose key (`favorite:SOURCE`) is `key`.
  func item(key: String) -> FavoriteItem? { items.first { $0.key == key } }
}

/// One kept photo: what its screen showed when it was kept, and its thumbnail here.
public struct FavoriteItem: Codable, Equatable, Sendable {
  /// `favorite:` and the key it was kept from: the key `images/prefetch` and
  /// `favorites/open` take.
  public var key: String
  /// The photo as it was shown (its source key, caption, author, image URLs).
  public var card: PhotoCard
  public var thumbnail = ImageState()

  public init(card: PhotoCard) {
    self.key = FavoriteItem.key(of: card.source)
    self.card = card
  }

  /// The favorite's key for a photo shown under `source`.
  static func key(of source: String) -> String { "favorite:" + source }
}

/// The kept photo open on its own screen (`/favorites/open`), with its large image.
public struct OpenFavorite: Codable, Equatable, Sendable {
  public var key: String
  public var card: PhotoCard
  public var image = ImageState()

  public init(key: String, card: PhotoCard) {
    self.key = key
    self.card = card
  }
}

extension FavoritesState: PersistedDefaults {
  /// No photo kept.
  public static var persistedDefaults: FavoritesState { FavoritesState() }
}

extension FavoriteItem: PersistedDefaults {
  /// An empty item (every member a log line leaves out takes its value here).
  public static var persistedDefaults: FavoriteItem { FavoriteItem(card: .persistedDefaults) }
}

extension OpenFavorite: PersistedDefaults {
  /// An empty open favorite.
  public static var persistedDefaults: OpenFavorite { OpenFavorite(key: "", card: .persistedDefaults) }
}

extension FavoritesFeature {
  static let stateUpgrades = [
    StateUpgrade(
      to: 3, "the open favorite moves from `/favorite` to `/favorites/open`", FavoritesState.upgradeOpenInside
    )
  ]
}

extension FavoritesState {
  /// Format 2 → 3: the open favorite, a member of the root (`favorite`) in the builds that
  /// first kept favorites, becomes `favorites.open`.
  static func upgradeOpenInside(_ state: JSONValue) throws -> JSONValue {
    guard case .object(var root) = state, let open = root.removeValue(forKey: "favorite") else {
      return state
    }
    var favorites: [String: JSONValue] = [:]
    if case .object(let members)? = root["favorites"] { favorites = members }
    favorites["open"] = open
    root["favorites"] = .object(favorites)
    return .object(root)
  }
}
