extension FeedFeature {
  /// A feed row's photo, or the open detail's (`provider:id`).
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? {
    let photo =
      state.detail.flatMap { $0.key == key ? $0.photo : nil }
      ?? state.feed.items.first { $0.key == key }?.photo
    return photo.map {
      PhotoCard(
        source: key, title: $0.alt, author: $0.author, thumbnailURL: $0.thumbnailURL, imageURL: $0.largeURL,
        width: $0.width, height: $0.height)
    }
  }
}
