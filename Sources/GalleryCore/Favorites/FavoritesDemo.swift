extension FavoritesFeature {
  /// A heart on a feed photo, one on a key no screen shows, the tab and the kept photo.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 25,
      [
        ("feed/setQuery {\"text\":\"\"} (every photo again)", .feed(.setQuery(""))),
        ("favorites/add {\"key\":\"demo:2\"}", .favorites(.add(key: "demo:2"))),
        (
          "favorites/add {\"key\":\"demo:999\"} (no screen shows it: refused)",
          .favorites(.add(key: "demo:999"))
        ),
        ("nav/open {\"screen\":\"favorites\"}", .navigation(.open(.favorites))),
        ("favorites/open {\"key\":\"favorite:demo:2\"}", .favorites(.open(key: "favorite:demo:2"))),
        ("nav/back", .navigation(.back)),
      ])
  }
}
