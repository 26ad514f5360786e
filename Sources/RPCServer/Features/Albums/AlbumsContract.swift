import GalleryCore

/// The albums: the list in sections by owner, search, the open album and its open photo.
enum AlbumsContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "albums/load", "Loads albums and their owners at the same time, grouped into sections by owner.",
      refuses: ["request.retryTooSoon"]
    ) { .albums(.load) },
    .action(
      "albums/setSearch", "Filters albums by title or owner name (case- and diacritic-insensitive).",
      .string("text", "the filter; empty shows every album"), refuses: ["albums.searchTooLong"]
    ) { text in .albums(.setSearch(text)) }.idempotent(),
    .action(
      "albums/open", "Opens an album: pushes the album route and loads its photos.",
      .int("albumId", in: 1...Int(Int32.max), "an id from /albums/all/ID/id (the sections list them)"),
      refuses: ["albums.unknownAlbum", "albums.alreadyOpen", "nav.notShown"]
    ) { id in .albums(.open(albumID: id)) },
    .action(
      "albums/openPhoto",
      "Opens a photo of the open album: pushes the photo route and loads the original image.",
      .int("photoId", in: 1...Int(Int32.max), "an id from /album/photos/N/photo/id"),
      refuses: ["albums.unknownPhoto", "albums.photoAlreadyOpen", "nav.notShown"]
    ) { id in .albums(.openPhoto(photoID: id)) },
    .action(
      "albums/retry", "Retries what failed: the open album's photos, else the albums load.",
      refuses: ["albums.nothingToRetry", "request.retryTooSoon"]
    ) { .albums(.retry) },
  ]
}
