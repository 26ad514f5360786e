import GalleryCore

/// The albums: the list in sections by owner, search, the open album and its open photo.
enum AlbumsContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action("albums/load", "Loads albums and their owners at the same time, grouped into sections by owner.")
    {
      _ in
      .albums(.load)
    },
    .action(
      "albums/setSearch", "Filters albums by title or owner name (case- and diacritic-insensitive).",
      params: [.init("text", Schema.string, "the filter; empty shows every album")]
    ) { p throws(RPCError) in .albums(.setSearch(try p.string("text"))) },
    .action(
      "albums/open", "Opens an album: pushes the album route and loads its photos.",
      params: [.init("albumId", Schema.integer(minimum: 1), "the album's id")]
    ) { p throws(RPCError) in .albums(.open(albumID: try p.int("albumId", in: 1...Int(Int32.max)))) },
    .action(
      "albums/openPhoto",
      "Opens a photo of the open album: pushes the photo route and loads the original image.",
      params: [.init("photoId", Schema.integer(minimum: 1), "the photo's id")]
    ) { p throws(RPCError) in .albums(.openPhoto(photoID: try p.int("photoId", in: 1...Int(Int32.max)))) },
    .action("albums/retry", "Retries what failed: the open album's photos, else the albums load.") { _ in
      .albums(.retry)
    },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "albums/load": ["request.retryTooSoon"],
    "albums/setSearch": ["albums.searchTooLong"],
    "albums/open": ["albums.unknownAlbum", "albums.alreadyOpen", "nav.notShown"],
    "albums/openPhoto": ["albums.unknownPhoto", "albums.photoAlreadyOpen", "nav.notShown"],
    "albums/retry": ["albums.nothingToRetry", "request.retryTooSoon"],
  ]
}
