/// The photos the user kept (`/favorites`), newest first, from any screen that shows photos,
/// and the one open on its own screen: a pure fold of the log, so they work offline and
/// survive restarts. They belong to the signed-in account: a sign-in shows that account's
/// and keeps the last one's aside; signed out, the device has a list of its own.
public struct FavoritesState: Codable, Equatable, Sendable {
  /// The kept photos of whoever is signed in (`owner`), newest first.
  public var items: [FavoriteItem] = []
  /// The kept photo open on its own screen (`/favorites/open`), if it is showing.
  @BoxedNullable public var open: OpenFavorite? = nil
  /// Whose `items` are: the signed-in account's email, or nil for the signed-out device's.
  @CoreOnly @Nullable public var owner: String? = nil
  /// The other lists, kept until their account signs in again (the device's under ""),
  /// most recently shown first; never shown to a client.
  @CoreOnly public var others: [KeptFavorites] = []
  /// The most photos kept: an add past it is refused with `favorites.full`.
  public static let maxItems = 1000
  /// The most lists kept aside: past it, the one shown longest ago is forgotten.
  public static let maxOthers = 20

  public init() {}

  /// The kept photo whose key (`favorite:SOURCE`) is `key`. Keys are read where the items
  /// lie: `first(where:)` copies each item out to test it, retaining every member.
  func item(key: String) -> FavoriteItem? {
    items.withUnsafeBufferPointer { items in
      guard let base = items.baseAddress else { return nil }
      for i in items.indices where (base + i).pointee.key == key { return items[i] }
      return nil
    }
  }

  /// Shows the list of whoever `session` has signed in (the device's while nobody is).
  mutating func follow(_ session: Session) {
    show(session.status == .signedIn ? session.email : nil)
  }

  /// Shows `account`'s list (nil: the signed-out device's), keeping the one shown aside.
  mutating func show(_ account: String?) {
    guard account != owner else { return }
    if !items.isEmpty { others.insert(KeptFavorites(user: owner ?? "", items: items), at: 0) }
    let wanted = account ?? ""
    let kept = others.firstIndex { $0.user == wanted }.map { others.remove(at: $0) }
    // Thumbnails are fetched again when shown (the paths they had may have been evicted).
    items = (kept?.items ?? []).map {
      var item = $0; item.thumbnail = ImageState(); return item
    }
    owner = account
    open = nil
    if others.count > Self.maxOthers { others.removeLast(others.count - Self.maxOthers) }
  }
}

/// One account's kept photos, set aside while another account (or none) is signed in.
public struct KeptFavorites: Codable, Equatable, Sendable {
  /// The signed-in user's email ("" for the signed-out device).
  public var user: String
  public var items: [FavoriteItem]

  public init(user: String, items: [FavoriteItem]) {
    self.user = user
    self.items = items
  }
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

extension KeptFavorites: PersistedDefaults {
  /// An empty list of the device.
  public static var persistedDefaults: KeptFavorites { KeptFavorites(user: "", items: []) }
}

extension OpenFavorite: PersistedDefaults {
  /// An empty open favorite.
  public static var persistedDefaults: OpenFavorite { OpenFavorite(key: "", card: .persistedDefaults) }
}

extension FavoritesFeature {
  static let stateUpgrades = [
    StateUpgrade(
      to: 3, "the open favorite moves from `/favorite` to `/favorites/open`", FavoritesState.upgradeOpenInside
    ),
    StateUpgrade(
      to: 4, "favorites belong to the signed-in account (`owner`)", FavoritesState.upgradeOwner
    ),
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

  /// Format 3 → 4: favorites were the device's; the ones kept while someone is signed in
  /// become that account's (so they show the same, and leave with its sign-out).
  static func upgradeOwner(_ state: JSONValue) throws -> JSONValue {
    guard case .object(var root) = state, case .object(let session)? = root["session"],
      session["status"] == .string("signedIn"), case .string(let email)? = session["email"]
    else { return state }
    var favorites: [String: JSONValue] = [:]
    if case .object(let members)? = root["favorites"] { favorites = members }
    favorites["owner"] = .string(email)
    root["favorites"] = .object(favorites)
    return .object(root)
  }
}
