import GalleryCore

/// The albums: the list in sections by owner, search, the open album and its open photo.
enum AlbumsContract: PreparesExamples {
  static let methods: [MethodSpec] = [
    .action(
      "albums/load", "Loads albums and their owners at the same time, grouped into sections by owner.",
      refuses: ["request.retryTooSoon"]
    ) { .albums(.load) }.example(),
    .action(
      "albums/setSearch", "Filters albums by title or owner name (case- and diacritic-insensitive).",
      .string("text", "the filter; empty shows every album"), refuses: ["albums.searchTooLong"]
    ) { text in .albums(.setSearch(text)) }.idempotent()
      .example(["text": "album 12"], after: [.call("albums/setSearch", ["text": ""])]),
    .action(
      "albums/open", "Opens an album: pushes the album route and loads its photos.",
      .int("albumId", in: 1...Int(Int32.max), "an id from /albums/all/ID/id (the sections list them)"),
      refuses: ["albums.unknownAlbum", "albums.alreadyOpen", "nav.notShown"]
    ) { id in .albums(.open(albumID: id)) }
    .example(["albumId": .state(firstAlbum)], before: showAlbums, after: [.call("nav/back")] + showFeed),
    .action(
      "albums/openPhoto",
      "Opens a photo of the open album: pushes the photo route and loads the original image.",
      .int("photoId", in: 1...Int(Int32.max), "an id from /album/photos/N/photo/id"),
      refuses: ["albums.unknownPhoto", "albums.photoAlreadyOpen", "nav.notShown"]
    ) { id in .albums(.openPhoto(photoID: id)) }
    .example(
      ["photoId": .state("/album/photos/0/photo/id")],
      before: showAlbums + [.call("albums/open", ["albumId": .state(firstAlbum)])],
      after: [.call("nav/back"), .call("nav/back")] + showFeed),
    .action(
      "albums/retry", "Retries what failed: the open album's photos, else the albums load.",
      refuses: ["albums.nothingToRetry", "request.retryTooSoon"]
    ) { .albums(.retry) }
    .example(
      before: showAlbums + [.call("albums/open", ["albumId": .state(failingAlbum)])],
      after: [.call("nav/back")] + showFeed),
  ]

  /// The albums loaded (they load when first shown), the feed shown again.
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call] { showAlbums + showFeed }

  /// The first album the sections list.
  static let firstAlbum = "/albums/sections/0/albumIds/0"
  /// An album whose photos fail to load, for `albums/retry` (the cost table's provider fails
  /// the second section's first album).
  static let failingAlbum = "/albums/sections/1/albumIds/0"
  /// The albums screen shown, for the examples that act on it.
  static let showAlbums: [MethodExample.Call] = [.call("nav/open", ["screen": "albums"])]
  /// Back to the feed, where the examples' session rests.
  static let showFeed: [MethodExample.Call] = [.call("nav/open", ["screen": "feed"])]
}
