extension AlbumsFeature {
  /// A photo of the open album, or the open photo (`photo:ID`).
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? {
    let photo =
      state.photo.flatMap { $0.key == key ? $0.photo : nil }
      ?? state.album?.photos.first { $0.key == key }?.photo
    return photo.map {
      PhotoCard(source: key, title: $0.title, author: nil, thumbnailURL: $0.thumbnailURL, imageURL: $0.url)
    }
  }
}
