extension FeedFeature {
  /// Paging, thumbnails, the detail, a debounced search, and offline: the list shown stays.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 20,
      [
        ("feed/loadMore", .feed(.loadMore)),
        ("feed/prefetch {\"keys\":[\"demo:1\",\"demo:2\"]}", .images(.prefetch(["demo:1", "demo:2"]))),
        ("feed/openDetail {\"key\":\"demo:2\"}", .feed(.openDetail("demo:2"))),
        ("nav/back", .navigation(.back)),
        (
          "feed/setQuery {\"text\":\"lak\"} (searches 300 ms after the last keystroke)",
          .feed(.setQuery("lak"))
        ),
        ("feed/setQuery {\"text\":\"lake\"}", .feed(.setQuery("lake"))),
        ("connectivity/set {\"online\":false}", .feed(.setConnectivity(online: false))),
        ("feed/refresh (offline: fails at once; the list shown stays, said not fresh)", .feed(.refresh)),
        (
          "connectivity/set {\"online\":true} (back online: refreshes)", .feed(.setConnectivity(online: true))
        ),
      ])
  }
}
