extension Route.Screen {
  /// The albums in sections, the root of their tab.
  public static let albums = Route.Screen(declaring: "albums")
  /// One album's photos, pushed from the albums.
  public static let album = Route.Screen(declaring: "album")
  /// One photo of an album, pushed from it.
  public static let photo = Route.Screen(declaring: "photo")
}

extension Tab {
  /// The albums.
  public static let albums = Tab(declaring: "albums")
}

extension AlbumsFeature {
  static let screens: [Route.Screen] = [.albums, .album, .photo]

  /// The second tab; an open album, and its open photo, stay above it.
  static let tab: TabDeclaration? = TabDeclaration(
    .albums, root: .albums, order: 20, pushes: [.album, .photo],
    pushed: { state in
      guard let album = state.album else { return [] }
      return [Route(.album, id: String(album.id))]
        + (state.photo.map { [Route(.photo, id: String($0.photo.id))] } ?? [])
    })
}
