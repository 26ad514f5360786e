import GalleryCore

/// Favorites: keep any photo a screen shows, list the kept ones, open and forget them.
enum FavoritesContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "favorites/add",
      "Keeps the photo a screen shows under `key` (a feed row or the open photo `provider:id`, an album photo `photo:ID`, an account image `account:ID`), as it is shown, at the top of /favorites/items. Keeping a kept photo records nothing; a key no screen shows is refused (favorites.notShown), and so is an add past 1,000 (favorites.full). Works offline.",
      params: [.init("key", Schema.string, "the photo's key on its screen (or a kept photo's favorite key)")]
    ) { p throws(RPCError) in .favorites(.add(key: try p.string("key"))) },
    .action(
      "favorites/remove",
      "Forgets a kept photo (closing it if it is open); a key not kept is refused (favorites.unknown).",
      params: [.init("key", Schema.string, "its favorite key (`favorite:…`) or the key it was kept from")]
    ) { p throws(RPCError) in .favorites(.remove(key: try p.string("key"))) },
    .action(
      "favorites/open",
      "Opens a kept photo from the favorites tab: pushes the favorite route and loads its large image at /favorite/image.",
      params: [.init("key", Schema.string, "its favorite key (/favorites/items/N/key)")]
    ) { p throws(RPCError) in .favorites(.open(key: try p.string("key"))) },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "favorites/add": ["favorites.notShown", "favorites.full"],
    "favorites/remove": ["favorites.unknown"],
    "favorites/open": ["favorites.unknown", "nav.notShown"],
  ]
}
