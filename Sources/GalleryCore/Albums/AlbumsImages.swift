/// Where the albums show images: each album's preview (`album:ID`, its URL found first),
/// the open album's thumbnails and the open photo's image (`photo:ID`).
extension AlbumsFeature {
  /// Every album card (60,000 on a legal page), each's messages in its preview, and the
  /// sections, which name each card once and hold no message.
  static let longLists: [LongList] = [
    .list("/albums/all", \AppState.albums.all, empty: [], images: [("preview", \AlbumCard.preview)]),
    .list("/albums/sections", \AppState.albums.sections, empty: []),
  ]

  static let imageSlots: [ImageSlot] = [
    ImageSlot(
      prefix: "album:", target: .thumbnail,
      image: { state, key in state.albums.card(key: key)?.preview },
      url: { state, key in state.albums.card(key: key)?.previewURL },
      update: { state, _, wanted, change in state.albums.updatePreviews(wanted, change) },
      keys: { state, status in state.albums.all.filter { $0.preview.status == status }.map(\.key) },
      locate: { key in Int(key.dropFirst("album:".count)).map { .albums(.resolvePreview(albumID: $0)) } }),
    ImageSlot(
      prefix: "photo:", target: .thumbnail,
      image: { state, key in state.album?.photos.first { $0.key == key }?.thumbnail },
      url: { state, key in state.album?.photos.first { $0.key == key }?.photo.thumbnailURL },
      update: { state, _, wanted, change in
        guard state.album != nil else { return }
        for i in state.album!.photos.indices where wanted(state.album!.photos[i].key) {
          change(&state.album!.photos[i].thumbnail)
        }
      },
      keys: { state, status in (state.album?.photos ?? []).filter { $0.thumbnail.status == status }.map(\.key)
      }),
    ImageSlot(
      prefix: "photo:", target: .detail,
      image: { state, key in state.photo?.key == key ? state.photo?.image : nil },
      url: { state, key in state.photo?.key == key ? state.photo?.photo.url : nil },
      update: { state, _, wanted, change in
        if let key = state.photo?.key, wanted(key) { change(&state.photo!.image) }
      },
      keys: { state, status in state.photo.map { $0.image.status == status ? [$0.key] : [] } ?? [] }),
  ]
}

extension AlbumsState {
  /// The card whose key (`album:ID`) is `key`.
  func card(key: String) -> AlbumCard? {
    guard key.hasPrefix("album:"), let id = Int(key.dropFirst("album:".count)) else { return nil }
    return all[id: id].flatMap { $0.key == key ? $0 : nil }
  }

  /// Applies `change` to the previews whose key `wanted` accepts (the cards live in `all`
  /// alone; sections name them by id).
  mutating func updatePreviews(_ wanted: (String) -> Bool, _ change: (inout ImageState) -> Void) {
    for i in all.indices where wanted(all[i].key) { change(&all[i].preview) }
  }
}
