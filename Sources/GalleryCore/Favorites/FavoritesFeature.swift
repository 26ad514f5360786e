/// The Favorites tab: a heart on any photo keeps it (as its screen showed it), the tab lists
/// them with thumbnails, opens one with its large image, and forgets them. Kept as events,
/// with no provider to ask, so it works offline and survives a restart.
enum FavoritesFeature: TakesActions, ShowsImages, HasScreens, KeepsFiles, Demonstrates {
  static let name = "favorites"
  static func decide(_ action: FavoritesAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .add(let key):
      if key.hasPrefix("favorite:"), state.favorites.item(key: key) != nil { return [] }
      guard let card = AppMachine.photoCard(forKey: key, in: state) else {
        throw Rejection("favorites.notShown", ["key": String(key.prefix(200))])
      }
      guard state.favorites.item(key: FavoriteItem.key(of: card.source)) == nil else { return [] }
      guard state.favorites.items.count < FavoritesState.maxItems else {
        throw Rejection("favorites.full", ["max": "\(FavoritesState.maxItems)"])
      }
      return [Event(FavoritesEvents.Added(card: card))]
    case .remove(let key):
      guard let item = state.favorites.item(key: key) ?? state.favorites.item(key: FavoriteItem.key(of: key))
      else {
        throw Rejection("favorites.unknown", ["key": String(key.prefix(200))])
      }
      return [Event(FavoritesEvents.Removed(key: item.key))]
    case .open(let key):
      try state.requireTop(.favorites)
      guard state.favorites.item(key: key) != nil else {
        throw Rejection("favorites.unknown", ["key": String(key.prefix(200))])
      }
      return [
        Event(FavoritesEvents.Opened(key: key)),
        Event(ImagesEvents.ImagesRequested(keys: [key], target: .detail)),
      ]
    }
  }

  static let events: [any EventPayload.Type] = FavoritesEvents.all

  static let handlers: [EventHandler] = [
    .fold(FavoritesEvents.Added.self) { state, e in
      let key = FavoriteItem.key(of: e.card.source)
      guard state.favorites.item(key: key) == nil else { return }
      state.favorites.items.insert(FavoriteItem(card: e.card), at: 0)
    },
    .fold(FavoritesEvents.Removed.self) { state, e in
      state.favorites.items.removeAll { $0.key == e.key }
      if state.favorites.open?.key == e.key {
        state.favorites.open = nil
        state.close(.favorite)
      }
    },
    .fold(FavoritesEvents.Opened.self) { state, e in
      guard let item = state.favorites.item(key: e.key) else { return }
      state.favorites.open = OpenFavorite(key: item.key, card: item.card)
      state.push(Route(.favorite, id: item.key))
    },
    // Navigation's events: leaving the kept photo closes it, and so does the session's end.
    .fold(NavigationEvents.WentBack.self) { state, e in
      if e.from == .favorite { state.favorites.open = nil }
    },
    .fold(NavigationEvents.ScreensClosed.self) { state, _ in state.favorites.open = nil },
    // Sign-in's events: the favorites follow the session as sign-in left it (a late answer
    // it ignored changes nothing): each user has their own; signed out, the device its own.
    .fold(AuthEvents.Succeeded.self) { state, _ in state.favorites.follow(state.session) },
    .fold(AuthEvents.SignedOut.self) { state, _ in state.favorites.follow(state.session) },
    .plan(NavigationEvents.WentBack.self) { e, _ in
      e.from == .favorite ? [.images(.cancelAll(target: .detail))] : []
    },
    .plan(FavoritesEvents.Removed.self) { e, _ in [.images(.cancel(keys: [e.key], target: .thumbnail))] },
  ]

  /// Where the favorites show images: each kept photo's thumbnail, and the open one's large
  /// image (`favorite:SOURCE`).
  /// The kept photos (up to 1,000), each's messages in its thumbnail.
  static let longLists: [LongList] = [
    .list(
      "/favorites/items", \AppState.favorites.items, empty: [],
      images: [("thumbnail", \FavoriteItem.thumbnail)])
  ]

  static let imageSlots: [ImageSlot] = [
    ImageSlot(
      prefix: "favorite:", target: .thumbnail,
      image: { state, key in state.favorites.item(key: key)?.thumbnail },
      url: { state, key in state.favorites.item(key: key)?.card.thumbnailURL },
      update: { state, _, wanted, change in
        for i in state.favorites.items.indices where wanted(state.favorites.items[i].key) {
          change(&state.favorites.items[i].thumbnail)
        }
      },
      keys: { state, status in state.favorites.items.filter { $0.thumbnail.status == status }.map(\.key) }),
    ImageSlot(
      prefix: "favorite:", target: .detail,
      image: { state, key in state.favorites.open?.key == key ? state.favorites.open?.image : nil },
      url: { state, key in state.favorites.open?.key == key ? state.favorites.open?.card.imageURL : nil },
      update: { state, _, wanted, change in
        if let key = state.favorites.open?.key, wanted(key) { change(&state.favorites.open!.image) }
      },
      keys: { state, status in state.favorites.open.map { $0.image.status == status ? [$0.key] : [] } ?? [] }),
  ]
}

extension FavoritesFeature {
  /// A kept photo's card is copied from the screen that showed it: none is described anew.
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? { nil }
  /// It keeps no credentials and no file.
  static let credentialSections: [any CredentialSection.Type] = []
  static func sweepFiles(_ state: AppState, dataDirectory: String) {}
  /// It asks no provider: nothing to serve.
  static let demoFiles: [DemoFileSource] = []
}
