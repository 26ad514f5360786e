extension AccountFeature {
  /// One of the signed-in user's images (`account:ID`).
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? {
    guard let item = state.account.images.first(where: { $0.key == key }) else { return nil }
    let image = item.image
    return PhotoCard(
      source: key, title: image.title ?? image.description, author: state.account.username,
      thumbnailURL: image.thumbnailURL, imageURL: image.link, width: image.width, height: image.height)
  }
}
