import GalleryCore

/// Favorites: keep any photo a screen shows, list the kept ones, open and forget them.
enum FavoritesContract: PreparesExamples {
  static let methods: [MethodSpec] = [
    .action(
      "favorites/add",
      "Keeps the photo a screen shows under `key` (a feed row or the open photo `provider:id`, an album photo `photo:ID`, an account image `account:ID`), as it is shown, at the top of /favorites/items. Keeping a kept photo records nothing; a key no screen shows is refused (favorites.notShown), and so is an add past 1,000 (favorites.full). Works offline.",
      .string(
        "key",
        "a key a screen shows (/feed/items/N/key, /album/photos/N/key, /account/images/N/key, /detail/key) or a kept photo's favorite key"
      ),
      refuses: ["favorites.notShown", "favorites.full"]
    ) { key in .favorites(.add(key: key)) }
    .example(
      ["key": .state("/feed/items/0/key")], after: [.call("favorites/remove", ["key": .state(newest)])]),
    .action(
      "favorites/remove",
      "Forgets a kept photo (closing it if it is open); a key not kept is refused (favorites.unknown).",
      .string(
        "key",
        "its favorite key (`favorite:` and the key it was kept from: `favorite:demo:2` for the feed's `demo:2`) or the key it was kept from"
      ),
      refuses: ["favorites.unknown"]
    ) { key in .favorites(.remove(key: key)) }.destructive()
      .example(
        ["key": .state(newest)], before: [.call("favorites/add", ["key": .state("/feed/items/0/key")])]),
    .action(
      "favorites/open",
      "Opens a kept photo from the favorites tab: pushes the favorite route and loads its large image at /favorites/open/image.",
      .string(
        "key",
        "its favorite key, as /favorites/items/N/key shows it: `favorite:` and the key it was kept from (`favorite:demo:2` for the feed's `demo:2`)"
      ),
      refuses: ["favorites.unknown", "nav.notShown"]
    ) { key in .favorites(.open(key: key)) }
    .example(
      ["key": .state(newest)], before: [.call("nav/open", ["screen": "favorites"])],
      after: [.call("nav/back"), .call("nav/open", ["screen": "feed"])]),
  ]

  /// The feed's rows from the second on kept, `size.keptPhotos` of them (the first is the one
  /// `favorites/add`'s example keeps).
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call] {
    (0..<size.keptPhotos).map { .call("favorites/add", ["key": .state("/feed/items/\($0 + 1)/key")]) }
  }

  /// The favorite kept last (at the top of the list).
  static let newest = "/favorites/items/0/key"
}
