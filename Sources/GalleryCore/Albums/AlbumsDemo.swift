extension AlbumsFeature {
  /// The albums tab grouped by owner, a diacritic-blind search, an album and its photo.
  static func demoScene(in directory: String) throws -> DemoScene? {
    DemoScene(
      order: 30,
      [
        (
          "nav/open {\"screen\":\"albums\"} (the albums tab: albums and owners load at once, grouped by owner)",
          .navigation(.open(.albums))
        ),
        ("albums/setSearch {\"text\":\"angel\"} (finds Ángel Ruiz)", .albums(.setSearch("angel"))),
        (
          "feed/prefetch {\"keys\":[\"album:4\"]} (the album's preview: its first photo)",
          .images(.prefetch(["album:4"]))
        ),
        ("albums/open {\"albumId\":4}", .albums(.open(albumID: 4))),
        ("albums/openPhoto {\"photoId\":37}", .albums(.openPhoto(photoID: 37))),
        ("nav/back", .navigation(.back)),
        ("nav/back", .navigation(.back)),
        ("nav/back (nothing to go back to)", .navigation(.back)),
      ])
  }
}
