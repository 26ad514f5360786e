import Foundation

/// Albums grouped by owner, search, an album's photos and the original image.
enum AlbumsFeature: TakesActions, RunsEffects, ShowsImages, HasScreens, HasProviders, KeepsFiles, Resumes,
  Demonstrates
{
  static let name = "albums"
  static func decide(_ action: AlbumsAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .load:
      return [Event(AlbumsEvents.LoadStarted(requestID: state.nextRequestID))]
    case .setSearch(let text):
      guard text.count <= 200 else {
        throw Rejection("albums.searchTooLong")
      }
      return text == state.albums.search ? [] : [Event(AlbumsEvents.SearchChanged(text: text))]
    case .open(let id):
      guard state.albums.all[id: id] != nil else {
        throw Rejection("albums.unknownAlbum", ["id": String(id)])
      }
      guard state.album == nil else { throw Rejection("albums.alreadyOpen") }
      try state.requireTop(.albums)
      return [
        Event(
          AlbumsEvents.AlbumOpened(
            albumID: id, section: state.albums.sections.value.first { $0.albumIds.contains(id) }?.title)),
        Event(AlbumsEvents.PhotosLoadStarted(albumID: id, requestID: state.nextRequestID)),
      ]
    case .openPhoto(let id):
      guard let album = state.album, album.photos.contains(where: { $0.photo.id == id }) else {
        throw Rejection("albums.unknownPhoto", ["id": String(id)])
      }
      guard state.photo == nil else {
        throw Rejection("albums.photoAlreadyOpen")
      }
      try state.requireTop(.album)
      return [
        Event(AlbumsEvents.PhotoOpened(photoID: id)),
        Event(ImagesEvents.ImagesRequested(keys: ["photo:\(id)"], target: .detail)),
      ]
    case .retry:
      if let album = state.album, album.status == .failed {
        return [Event(AlbumsEvents.PhotosLoadStarted(albumID: album.id, requestID: state.nextRequestID))]
      }
      // A failed load, or one whose owners failed (its notice says retryable): load again.
      if state.albums.status == .failed
        || (state.albums.status == .loaded && state.albums.notice?.code == "albums.ownersMissing")
      {
        return [Event(AlbumsEvents.LoadStarted(requestID: state.nextRequestID))]
      }
      throw Rejection("albums.nothingToRetry")
    case .resume:
      var events: [Event] = []
      var next = state.nextRequestID
      if state.albums.pending != nil {
        events.append(Event(AlbumsEvents.LoadStarted(requestID: next)))
        next += 1
      }
      if let album = state.album, album.status == .loading {
        events.append(Event(AlbumsEvents.PhotosLoadStarted(albumID: album.id, requestID: next)))
      }
      return events
    }
  }

  static let providerKeys: [any ProviderKey.Type] = [AlbumsProviderKey.self]

  static let events: [any EventPayload.Type] = AlbumsEvents.all

  /// Loads that were in flight when the last process stopped start again.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [.albums(.resume)] }

  static let handlers: [EventHandler] = [
    .fold(AlbumsEvents.LoadStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.albums.pending = .init(requestID: e.requestID)
      state.albums.status = .loading
      state.albums.error = nil
    },
    .fold(AlbumsEvents.AlbumsArrived.self) { state, e in
      guard state.albums.pending?.requestID == e.requestID else { return }
      state.albums.pending?.albums = e.albums
      state.observe(.albums, nil)
      complete(&state)
    },
    .fold(AlbumsEvents.OwnersArrived.self) { state, e in
      guard state.albums.pending?.requestID == e.requestID else { return }
      state.albums.pending?.owners = e.owners
      complete(&state)
    },
    .fold(AlbumsEvents.OwnersFailed.self) { state, e in
      guard state.albums.pending?.requestID == e.requestID else { return }
      state.albums.pending?.ownersFailed = true
      state.observe(.albums, e.failure, retry: Retry("albums/retry"))
      complete(&state)
    },
    .fold(AlbumsEvents.AlbumsFailed.self) { state, e in
      // Whatever the users did: the albums screen cannot be built.
      guard state.albums.pending?.requestID == e.requestID else { return }
      state.albums.pending = nil
      state.albums.status = .failed
      state.albums.error = state.message(for: e.failure).retrying("albums/retry")
      state.observe(.albums, e.failure, retry: Retry("albums/retry"))
    },
    .fold(AlbumsEvents.SearchChanged.self) { state, e in
      // A space typed at the end, or a letter's case changed, finds what was found.
      let same =
        SearchFolding.fold(e.text.trimmingSpaces) == SearchFolding.fold(state.albums.search.trimmingSpaces)
      state.albums.search = e.text
      guard !same else { return }
      state.albums.sections = state.albums.all.sectionsToFind(
        search: e.text, ownersKnown: state.albums.notice == nil)
    },
    .fold(AlbumsEvents.PreviewFound.self) { state, e in
      if let i = state.albums.all.position(of: e.albumID) { state.albums.all[i].previewURL = e.url }
    },
    .fold(AlbumsEvents.AlbumOpened.self) { state, e in
      guard let card = state.albums.all[id: e.albumID] else { return }
      state.album = OpenAlbum(
        id: card.id, title: card.title, status: .idle, photos: [], error: nil, requestID: nil)
      state.push(Route(.album, id: String(card.id)))
    },
    .fold(AlbumsEvents.PhotosLoadStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      guard state.album?.id == e.albumID else { return }
      state.album?.status = .loading
      state.album?.error = nil
      state.album?.requestID = e.requestID
    },
    .fold(AlbumsEvents.PhotosArrived.self) { state, e in
      guard state.album?.requestID == e.requestID else { return }
      state.album?.photos = e.photos.map(AlbumPhotoItem.init(photo:))
      let empty = e.photos.isEmpty ? state.message("albums.emptyAlbum") : nil
      state.album?.emptyNotice = empty
      state.album?.status = .loaded
      state.album?.requestID = nil
      state.observe(.albums, nil)
    },
    .fold(AlbumsEvents.PhotosFailed.self) { state, e in
      guard state.album?.requestID == e.requestID else { return }
      state.album?.status = .failed
      let error = state.message(for: e.failure).retrying("albums/retry")
      state.album?.error = error
      state.album?.requestID = nil
      state.observe(.albums, e.failure, retry: Retry("albums/retry"))
    },
    .fold(AlbumsEvents.PhotoOpened.self) { state, e in
      guard let item = state.album?.photos.first(where: { $0.photo.id == e.photoID }) else { return }
      state.photo = OpenPhoto(key: item.key, photo: item.photo, image: ImageState())
      state.push(Route(.photo, id: String(e.photoID)))
    },
    // Navigation's event: leaving the photo closes it; leaving the album closes both.
    .fold(NavigationEvents.WentBack.self) { state, e in
      if e.from == .photo || e.from == .album { state.photo = nil }
      if e.from == .album { state.album = nil }
    },
    .fold(NavigationEvents.ScreensClosed.self) { state, _ in
      state.photo = nil
      state.album = nil
    },
    .plan(NavigationEvents.Opened.self) { _, state in loadIfShown(state) },
    .plan(NavigationEvents.ShapeChosen.self) { _, state in loadIfShown(state) },
    .plan(AuthEvents.Succeeded.self) { _, state in loadIfShown(state) },
    // Back online, what failed for want of a network loads again by itself: the album open,
    // then the list (each `albums/retry` takes the first that failed).
    .plan(FeedEvents.ConnectivityChanged.self) { e, state in
      guard e.online else { return [] }
      let album = state.album.map { $0.status == .failed && $0.error?.saysOffline == true } ?? false
      let list = state.albums.status == .failed && state.albums.error?.saysOffline == true
      return [album, list].filter { $0 }.map { _ in .dispatch(.albums(.retry)) }
    },
    .plan(AlbumsEvents.LoadStarted.self) { e, state in
      state.load(.albums(.load(requestID: e.requestID))) {
        AlbumsEvents.AlbumsFailed(requestID: e.requestID, failure: $0)
      }
    },
    .plan(AlbumsEvents.PhotosLoadStarted.self) { e, state in
      guard state.album?.requestID == e.requestID else { return [] }
      return state.load(.albums(.loadPhotos(requestID: e.requestID, albumID: e.albumID))) {
        AlbumsEvents.PhotosFailed(requestID: e.requestID, failure: $0)
      }
    },
    .plan(NavigationEvents.WentBack.self) { e, state in
      guard e.from == .photo || e.from == .album else { return [] }
      return [.images(.cancelAll(target: .detail))]
    },
  ]

  static func retryAreas(of action: AlbumsAction) -> [ProviderArea] {
    switch action {
    case .load, .retry: return [.albums]
    default: return []
    }
  }

  /// The albums load when their tab is shown and they never loaded.
  private static func loadIfShown(_ state: AppState) -> [Effect] {
    state.tab == .albums && state.albums.status == .idle ? [.dispatch(.albums(.load))] : []
  }

  /// Builds the grouping once both halves are in: never a half-built grouping as final.
  private static func complete(_ state: inout AppState) {
    guard let pending = state.albums.pending, let albums = pending.albums,
      pending.owners != nil || pending.ownersFailed
    else { return }
    let names = Dictionary((pending.owners ?? []).map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let previous = state.albums.all
    state.albums.all = AlbumCards(
      albums.map { album in
        var card = AlbumCard(album: album, owner: names[album.ownerID])
        if let old = previous[id: album.id] {
          card.previewURL = old.previewURL
          if old.preview.status == .loaded { card.preview = old.preview }
        }
        return card
      })
    state.albums.notice =
      pending.ownersFailed
      ? state.message("albums.ownersMissing", retryable: true).retrying("albums/retry") : nil
    state.albums.sections = state.albums.all.sectionsToFind(
      search: state.albums.search, ownersKnown: !pending.ownersFailed)
    state.albums.status = .loaded
    state.albums.pending = nil
  }

}

extension AlbumsFeature {
  /// A changed provider is seen on the next load.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] { [] }
  /// It keeps no credentials and no file.
  static let credentialSections: [any CredentialSection.Type] = []
  static func sweepFiles(_ state: AppState, dataDirectory: String) {}
  /// Nothing of its own is closed or restarted after a stop (a load starts over instead).
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// Its demo photos are served by the Images feature's files.
  static let demoFiles: [DemoFileSource] = []
}
