/// Every image the state shows, found by key: feed thumbnails (`demo:1`), album previews
/// (`album:3`), album photo thumbnails (`photo:12`), account images (`account:ID`), and the large image of the open detail
/// or photo. One mechanism serves them all: prefetch, cancel, retry, download, eviction.
extension AppState {
  /// The state of the image `key` shows for `target`, if the state has one.
  public func image(_ key: String, _ target: FeedEvents.ImageTarget) -> ImageState? {
    switch target {
    case .thumbnail:
      if let i = feed.index(of: key) { return feed.items[i].thumbnail }
      if let card = albums.all.first(where: { $0.key == key }) { return card.preview }
      if let item = account.images.first(where: { $0.key == key }) { return item.thumbnail }
      return album?.photos.first { $0.key == key }?.thumbnail
    case .detail:
      if detail?.key == key { return detail?.image }
      if photo?.key == key { return photo?.image }
      return nil
    }
  }

  /// The URL to download for `key` and `target` (nil: unknown, e.g. an album preview not resolved yet).
  public func imageURL(_ key: String, _ target: FeedEvents.ImageTarget) -> String? {
    switch target {
    case .thumbnail:
      if let i = feed.index(of: key) { return feed.items[i].photo.thumbnailURL }
      if let card = albums.all.first(where: { $0.key == key }) { return card.previewURL }
      if let item = account.images.first(where: { $0.key == key }) { return item.image.thumbnailURL }
      return album?.photos.first { $0.key == key }?.photo.thumbnailURL
    case .detail:
      if detail?.key == key { return detail?.photo.largeURL }
      if photo?.key == key { return photo?.photo.url }
      return nil
    }
  }

  /// Applies `change` to every image of `keys` for `target`.
  mutating func updateImages(
    _ keys: [String], _ target: FeedEvents.ImageTarget, _ change: (inout ImageState) -> Void
  ) {
    // Most updates name one image: comparing beats building a set.
    let wanted: (String) -> Bool
    if keys.count == 1 {
      let only = keys[0]
      wanted = { $0 == only }
    } else {
      let set = Set(keys)
      wanted = { set.contains($0) }
    }
    switch target {
    case .thumbnail:
      for key in keys { if let i = feed.index(of: key) { change(&feed.items[i].thumbnail) } }
      albums.updatePreviews(wanted, change)
      for i in account.images.indices where wanted(account.images[i].key) {
        change(&account.images[i].thumbnail)
      }
      if album != nil {
        for i in album!.photos.indices where wanted(album!.photos[i].key) {
          change(&album!.photos[i].thumbnail)
        }
      }
    case .detail:
      if let key = detail?.key, wanted(key) { change(&detail!.image) }
      if let key = photo?.key, wanted(key) { change(&photo!.image) }
    }
  }

  /// Every image with a file in `paths` goes back to not requested (the cache evicted it).
  mutating func forgetImages(at paths: Set<String>) {
    let evicted = { (image: inout ImageState) in
      if let path = image.path, paths.contains(path) { image = ImageState() }
    }
    for i in feed.items.indices { evicted(&feed.items[i].thumbnail) }
    albums.updatePreviews(nil, evicted)
    for i in account.images.indices { evicted(&account.images[i].thumbnail) }
    if album != nil { for i in album!.photos.indices { evicted(&album!.photos[i].thumbnail) } }
    if detail != nil { evicted(&detail!.image) }
    if photo != nil { evicted(&photo!.image) }
  }
}

extension AlbumsState {
  /// Applies `change` to the previews whose key `keys` accepts (all if nil), in both the
  /// catalog and the sections.
  mutating func updatePreviews(_ keys: ((String) -> Bool)?, _ change: (inout ImageState) -> Void) {
    for i in all.indices where keys?(all[i].key) ?? true { change(&all[i].preview) }
    for s in sections.indices {
      for a in sections[s].albums.indices where keys?(sections[s].albums[a].key) ?? true {
        change(&sections[s].albums[a].preview)
      }
    }
  }
}
