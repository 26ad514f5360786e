/// The photo feed, its thumbnails, the detail screen and connectivity: decide, reduce, plan.
enum FeedFeature {
  /// How long typing waits before it searches.
  static let debounceMilliseconds = 300

  static func decide(_ action: FeedAction, _ state: AppState) throws(Rejection) -> [Event] {
    let feed = state.feed
    switch action {
    case .setQuery(let text):
      guard text.count <= 200 else {
        throw Rejection("feed.queryTooLong", "A search can have at most 200 characters.")
      }
      return [Event(FeedEvents.QueryEdited(text: text, timerID: state.nextRequestID))]
    case .debounceElapsed(let id):
      guard feed.debounceTimer == id else { return [] }
      let fired = Event(FeedEvents.DebounceFired(timerID: id))
      if feed.query == feed.activeQuery, feed.status == .loaded, !feed.isOfflineCopy { return [fired] }
      return [fired] + load(.refresh, page: 1, query: feed.query, state)
    case .refresh:
      return load(.refresh, page: 1, query: feed.query, state)
    case .loadMore:
      guard feed.pendingLoad == nil, feed.hasMore, feed.status == .loaded, !feed.isOfflineCopy else {
        return []
      }
      return load(.more, page: feed.page + 1, query: feed.activeQuery, state)
    case .prefetch(let keys):
      let wanted = unique(keys).filter { state.image($0, .thumbnail)?.status == .notRequested }
      return wanted.isEmpty ? [] : [Event(FeedEvents.ImagesRequested(keys: wanted, target: .thumbnail))]
    case .cancelPrefetch(let keys):
      let loading = unique(keys).filter { state.image($0, .thumbnail)?.status == .loading }
      return loading.isEmpty ? [] : [Event(FeedEvents.ImagesCancelled(keys: loading, target: .thumbnail))]
    case .retryImage(let key):
      var events: [Event] = []
      for target in [FeedEvents.ImageTarget.thumbnail, .detail]
      where state.image(key, target)?.status == .failed {
        events.append(Event(FeedEvents.ImagesRequested(keys: [key], target: target)))
      }
      guard !events.isEmpty else {
        guard state.image(key, .thumbnail) != nil || state.image(key, .detail) != nil else {
          throw Rejection("feed.unknownKey", "No photo with key \(key) is in the feed.")
        }
        throw Rejection("feed.imageNotFailed", "That image has not failed; there is nothing to retry.")
      }
      return events
    case .openDetail(let key):
      guard feed.index(of: key) != nil else {
        throw Rejection("feed.unknownKey", "No photo with key \(key) is in the feed.")
      }
      guard state.detail == nil else { throw Rejection("detail.alreadyOpen", "Close the open photo first.") }
      return [
        Event(FeedEvents.DetailOpened(key: key)),
        Event(FeedEvents.ImagesRequested(keys: [key], target: .detail)),
      ]
    case .closeDetail:
      guard let detail = state.detail else { throw Rejection("detail.notOpen", "No photo is open.") }
      return [Event(FeedEvents.DetailClosed(key: detail.key))]
    case .setConnectivity(let online):
      guard (state.connectivity == .online) != online else { return [] }
      var events = [Event(FeedEvents.ConnectivityChanged(online: online))]
      if online, state.route.contains(where: { $0.screen == .home }) {
        var next = state
        next.connectivity = .online
        events += load(.refresh, page: 1, query: feed.query, next)
      }
      return events
    case .start(let provider):
      var events: [Event] = []
      var next = state
      if feed.provider != provider {
        events.append(Event(FeedEvents.ProviderSelected(provider: provider)))
        next.feed = FeedState()
        next.feed.provider = provider
      }
      let loadingThumbnails =
        next.feed.items.filter { $0.thumbnail.status == .loading }.map(\.key)
        + next.albums.all.filter { $0.preview.status == .loading }.map(\.key)
        + (next.album?.photos ?? []).filter { $0.thumbnail.status == .loading }.map(\.key)
      if !loadingThumbnails.isEmpty {
        events.append(Event(FeedEvents.ImagesCancelled(keys: loadingThumbnails, target: .thumbnail)))
      }
      for key in [next.detail?.key, next.photo?.key].compactMap({ $0 })
      where next.image(key, .detail)?.status == .loading {
        events.append(Event(FeedEvents.ImagesRequested(keys: [key], target: .detail)))
      }
      if let timer = next.feed.debounceTimer {
        events.append(Event(FeedEvents.DebounceFired(timerID: timer)))
      }
      if next.route.contains(where: { $0.screen == .home }) {
        events += load(.refresh, page: 1, query: next.feed.query, next)
      }
      return events
    }
  }

  /// A page load: to the provider when online; failing at once (offline copy follows) when not.
  private static func load(_ mode: FeedState.LoadMode, page: Int, query: String, _ state: AppState) -> [Event]
  {
    let id = state.nextRequestID
    var events = [Event(FeedEvents.LoadStarted(requestID: id, mode: mode, page: page, query: query))]
    if state.connectivity == .offline {
      events.append(
        Event(
          FeedEvents.LoadFailed(
            requestID: id, failure: RequestFailure(kind: .offline, detail: "the device is offline"))))
    }
    return events
  }

  private static func unique(_ keys: [String]) -> [String] {
    var seen = Set<String>()
    return keys.filter { seen.insert($0).inserted }
  }

  static func reduce(_ state: inout AppState, _ payload: any EventPayload) {
    reduceEvent(&state, payload)
    // The empty state: a loaded list with nothing in it says so (in the current language).
    let empty = state.feed.status == .loaded && state.feed.items.isEmpty
    if empty != (state.feed.emptyNotice != nil)
      || (empty && state.feed.emptyNotice?.args["query"] != state.feed.activeQuery)
    {
      state.feed.emptyNotice =
        empty
        ? state.message(
          state.feed.activeQuery.isEmpty ? "feed.empty" : "feed.noResults", ["query": state.feed.activeQuery])
        : nil
    }
  }

  private static func reduceEvent(_ state: inout AppState, _ payload: any EventPayload) {
    switch payload {
    // The most frequent events first: each case is a dynamic cast, tried in order.
    case let e as FeedEvents.ImageLoaded:
      state.updateImages([e.key], e.target) { image in image = ImageState(status: .loaded, path: e.path) }
    case let e as FeedEvents.ProviderSelected:
      let perPage = state.feed.perPage
      state.feed = FeedState()
      state.feed.provider = e.provider
      state.feed.perPage = perPage
      closeDetail(&state)
    case let e as FeedEvents.QueryEdited:
      state.feed.query = e.text
      state.feed.debounceTimer = e.timerID
      state.nextRequestID = max(state.nextRequestID, e.timerID + 1)
    case let e as FeedEvents.DebounceFired:
      if state.feed.debounceTimer == e.timerID { state.feed.debounceTimer = nil }
    case let e as FeedEvents.LoadStarted:
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.feed.pendingLoad = .init(requestID: e.requestID, mode: e.mode, page: e.page, query: e.query)
      state.feed.error = nil
      switch e.mode {
      case .more: state.feed.status = .loadingMore
      case .refresh:
        state.feed.status = state.feed.items.isEmpty ? .loading : .refreshing
        if e.query == state.feed.query { state.feed.debounceTimer = nil }
      }
    case let e as FeedEvents.PageLoaded:
      guard let pending = state.feed.pendingLoad, pending.requestID == e.requestID else { return }
      // A refresh keeps the thumbnails already loaded; a next page only appends new photos.
      let previous =
        pending.mode == .refresh
        ? Dictionary(state.feed.items.map { ($0.key, $0.thumbnail) }, uniquingKeysWith: { a, _ in a }) : [:]
      if pending.mode == .refresh {
        state.feed.items = []
        state.feed.activeQuery = pending.query
        state.feed.isOfflineCopy = false
      }
      var present = Set(state.feed.items.map(\.key))
      for photo in e.page.photos where present.insert(photo.key).inserted {
        let kept = previous[photo.key].flatMap { $0.status == .loaded ? $0 : nil }
        state.feed.items.append(FeedItem(photo: photo, thumbnail: kept ?? ImageState()))
      }
      state.feed.page = pending.page
      state.feed.hasMore = e.page.hasMore
      state.feed.status = .loaded
      state.feed.pendingLoad = nil
      state.connectivity = .online
    case let e as FeedEvents.LoadFailed:
      guard state.feed.pendingLoad?.requestID == e.requestID else { return }
      state.feed.pendingLoad = nil
      state.feed.status = .failed
      state.feed.error = state.message(for: e.failure)
      if e.failure.kind == .offline { state.connectivity = .offline }
    case let e as FeedEvents.OfflineCopyShown:
      guard state.feed.pendingLoad == nil, state.feed.status == .failed, state.connectivity == .offline else {
        return
      }
      state.feed.items = e.photos.map { FeedItem(photo: $0) }
      state.feed.activeQuery = e.query
      state.feed.isOfflineCopy = true
      state.feed.hasMore = false
      state.feed.page = 1
    case let e as FeedEvents.ImagesRequested:
      state.updateImages(e.keys, e.target) { image in
        image.status = .loading
        image.error = nil
        image.path = nil
      }
    case let e as FeedEvents.ImagesCancelled:
      state.updateImages(e.keys, e.target) { image in
        if image.status == .loading { image = ImageState() }
      }
    case let e as FeedEvents.ImageFailed:
      let error = state.message(for: e.failure)
      state.updateImages([e.key], e.target) { image in
        if image.status == .loading { image = ImageState(status: .failed, error: error) }
      }
    case let e as FeedEvents.ImagesEvicted:
      state.forgetImages(at: Set(e.paths))
    case let e as FeedEvents.DetailOpened:
      guard let i = state.feed.index(of: e.key) else { return }
      state.detail = DetailState(photo: state.feed.items[i].photo)
      state.route.append(Route(.detail, id: e.key))
    case is FeedEvents.DetailClosed:
      closeDetail(&state)
    case let e as FeedEvents.ConnectivityChanged:
      state.connectivity = e.online ? .online : .offline
    case let e as NavigationEvents.WentBack where e.from == .detail:
      state.detail = nil
    default:
      return
    }
  }

  private static func closeDetail(_ state: inout AppState) {
    state.detail = nil
    if state.route.last?.screen == .detail, state.route.count > 1 { state.route.removeLast() }
  }

  static func effects(_ payload: any EventPayload, _ state: AppState) -> [Effect] {
    switch payload {
    case let e as FeedEvents.QueryEdited:
      return [
        .startTimer(
          id: e.timerID, milliseconds: debounceMilliseconds, then: .feed(.debounceElapsed(e.timerID)))
      ]
    case let e as FeedEvents.LoadStarted where state.connectivity == .online:
      return [
        .loadFeedPage(requestID: e.requestID, query: e.query, page: e.page, perPage: state.feed.perPage)
      ]
    case let e as FeedEvents.PageLoaded where e.page.photos.count > 0:
      guard state.feed.page == 1, !state.feed.isOfflineCopy, state.feed.pendingLoad == nil else { return [] }
      return [
        .saveOfflineCopy(provider: state.feed.provider, query: state.feed.activeQuery, photos: e.page.photos)
      ]
    case let e as FeedEvents.LoadFailed where e.failure.kind == .offline && state.feed.status == .failed:
      return [.showOfflineCopy(provider: state.feed.provider)]
    case let e as FeedEvents.ImagesRequested:
      return e.keys.compactMap { key in
        if let url = state.imageURL(key, e.target) {
          return .downloadImage(key: key, target: e.target, url: url)
        }
        if key.hasPrefix("album:"), let id = Int(key.dropFirst(6)) {
          return .resolveAlbumPreview(albumID: id)
        }
        return nil
      }
    case let e as FeedEvents.ImagesCancelled:
      return [.cancelDownloads(keys: e.keys, target: e.target)]
    case let e as FeedEvents.DetailClosed:
      return [.cancelDownloads(keys: [e.key], target: .detail)]
    case let e as NavigationEvents.WentBack where e.from == .detail:
      return [.cancelAllDownloads(target: .detail)]
    case is AuthEvents.Succeeded where state.route.last?.screen == .home:
      return [.dispatch(.feed(.refresh))]
    default:
      return []
    }
  }
}
