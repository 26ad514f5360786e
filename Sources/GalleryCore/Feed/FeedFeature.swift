/// The photo feed, the detail screen and connectivity: decide, reduce, plan.
enum FeedFeature: TakesActions, RunsEffects, KeepsDerivedState, ShowsImages, HasScreens, HasProviders,
  Resumes, Demonstrates
{
  static let name = "feed"
  /// How long typing waits before it searches.
  static let debounceMilliseconds = TestAlteration.active == .debounceDelay ? 500 : 300

  static func decide(_ action: FeedAction, _ state: AppState) throws(Rejection) -> [Event] {
    let feed = state.feed
    switch action {
    case .setQuery(let text):
      guard text.count <= 200 else {
        throw Rejection("feed.queryTooLong")
      }
      return [
        Event(
          FeedEvents.QueryEdited(
            text: text, timerID: state.nextRequestID, delayMilliseconds: debounceMilliseconds))
      ]
    case .debounceElapsed(let id):
      guard feed.debounceTimer == id else { return [] }
      let fired = Event(FeedEvents.DebounceFired(timerID: id))
      let search = SearchQuery.normalized(feed.query)
      if search == feed.activeQuery, feed.status == .loaded, !feed.isOfflineCopy { return [fired] }
      return [fired] + load(.refresh, page: 1, query: search, state)
    case .refresh:
      return load(.refresh, page: 1, query: SearchQuery.normalized(feed.query), state)
    case .loadMore:
      guard feed.whyNoMore == nil else { return [] }
      return load(.more, page: feed.page + 1, query: feed.activeQuery, state)
    case .openDetail(let key):
      guard feed.index(of: key) != nil else {
        throw Rejection("feed.unknownKey", ["key": String(key.prefix(200))])
      }
      guard state.detail == nil else { throw Rejection("detail.alreadyOpen") }
      try state.requireTop(.home)
      return [
        Event(FeedEvents.DetailOpened(key: key)),
        Event(ImagesEvents.ImagesRequested(keys: [key], target: .detail)),
      ]
    case .closeDetail:
      guard let detail = state.detail else { throw Rejection("detail.notOpen") }
      return [Event(FeedEvents.DetailClosed(key: detail.key))]
    case .setConnectivity(let online):
      guard (state.connectivity == .online) != online else { return [] }
      var events = [Event(FeedEvents.ConnectivityChanged(online: online))]
      if online, state.route.contains(where: { $0.screen == .home }) {
        var next = state
        next.connectivity = .online
        events += load(.refresh, page: 1, query: SearchQuery.normalized(feed.query), next)
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
      if let timer = next.feed.debounceTimer {
        events.append(Event(FeedEvents.DebounceFired(timerID: timer)))
      }
      if next.route.contains(where: { $0.screen == .home }) {
        events += load(.refresh, page: 1, query: SearchQuery.normalized(next.feed.query), next)
      }
      return events
    }
  }

  /// A page load: to the provider when online; failing at once when not, with the offline
  /// copy the state keeps in the same change (one coherent screen, never the failure alone).
  private static func load(_ mode: FeedState.LoadMode, page: Int, query: String, _ state: AppState) -> [Event]
  {
    let id = state.nextRequestID
    var events = [
      Event(
        FeedEvents.LoadStarted(
          requestID: id, mode: mode, page: page, query: query, perPage: state.feed.pageSize(for: mode)))
    ]
    if state.connectivity == .offline {
      events.append(Event(FeedEvents.LoadFailed(requestID: id, failure: .declaredOffline)))
      if let copy = state.feed.offlineCopy, copy.provider == state.feed.provider,
        state.feed.mayShowOfflineCopy
      {
        events.append(Event(FeedEvents.OfflineCopyShown(photos: copy.photos, query: copy.query)))
      }
    }
    return events
  }

  static let events: [any EventPayload.Type] = FeedEvents.all

  /// The feed of the configured provider is shown (and refreshed if it changed).
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] {
    [.feed(.start(provider: environment.feed.name))]
  }

  /// The empty state: a loaded list with nothing in it says so (in the current language).
  static func afterFold(_ state: inout AppState) {
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

  static let handlers: [EventHandler] = [
    // The page size is a setting; the feed keeps the one its pages load with.
    .fold(SettingsEvents.Changed.self) { state, e in
      if state.feed.perPage != e.settings.pageSize { state.feed.perPage = e.settings.pageSize }
    },
    .fold(FeedEvents.ProviderSelected.self) { state, e in
      let perPage = state.feed.perPage
      state.feed = FeedState()
      state.feed.provider = e.provider
      state.feed.perPage = perPage
      closeDetail(&state)
    },
    .fold(FeedEvents.QueryEdited.self) { state, e in
      state.feed.query = e.text
      state.feed.debounceTimer = e.timerID
      state.nextRequestID = max(state.nextRequestID, e.timerID + 1)
    },
    .fold(FeedEvents.DebounceFired.self) { state, e in
      if state.feed.debounceTimer == e.timerID { state.feed.debounceTimer = nil }
    },
    .fold(FeedEvents.LoadStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.feed.pendingLoad = .init(
        requestID: e.requestID, mode: e.mode, page: e.page, query: e.query,
        perPage: e.perPage ?? state.feed.pageSize(for: e.mode))
      state.feed.error = nil
      switch e.mode {
      case .more: state.feed.status = .loadingMore
      case .refresh:
        state.feed.status = state.feed.items.isEmpty ? .loading : .refreshing
        // The typed text's search (as logs before it was normalized recorded it, or normalized).
        if e.query == state.feed.query || e.query == SearchQuery.normalized(state.feed.query) {
          state.feed.debounceTimer = nil
        }
      }
    },
    .fold(FeedEvents.PageLoaded.self) { state, e in
      guard let pending = state.feed.pendingLoad, pending.requestID == e.requestID else { return }
      // A refresh keeps the thumbnails already loaded (found by where their key stood); a next
      // page only appends new photos.
      let refresh = pending.mode == .refresh
      let previous = refresh ? state.feed.items : []
      // Where each row's key stands: the table the last page left (`FeedKeyIndex`), when it
      // still describes the rows, else made now (rows read by index: a row read whole, as
      // `enumerated()` does, is copied, every member retained).
      let kept = state.feed.keyIndex.table(describing: state.feed.items)
      state.feed.keyIndex = FeedKeyIndex()  // moved out, not copied, while it grows
      func positions(_ rows: [FeedItem], room: Int) -> KeyPositions {
        if let kept { return kept }
        var table = KeyPositions(capacity: rows.count + room)
        for i in rows.indices { table.insert(rows[i].key, at: i) }
        return table
      }
      let before = refresh ? positions(previous, room: 0) : KeyPositions(capacity: 0)
      if refresh {
        state.feed.items = []
        state.feed.activeQuery = pending.query
        state.feed.isOfflineCopy = false
      }
      var present =
        refresh
        ? KeyPositions(capacity: e.page.photos.count) : positions(state.feed.items, room: e.page.photos.count)
      for photo in e.page.photos {
        // A photo's key is read out of its texts once.
        let key = photo.key
        guard present.insert(key, at: state.feed.items.count) else { continue }
        let kept = before.position(of: key).map { previous[$0].thumbnail }.flatMap {
          $0.status == .loaded ? $0 : nil
        }
        state.feed.items.append(FeedItem(key: key, photo: photo, thumbnail: kept ?? ImageState()))
      }
      state.feed.keyIndex = FeedKeyIndex(present)
      state.feed.page = pending.page
      state.feed.listPageSize = pending.perPage ?? state.feed.perPage
      state.feed.hasMore = e.page.hasMore
      state.feed.status = .loaded
      state.feed.pendingLoad = nil
      if pending.page == 1, !e.page.photos.isEmpty {
        state.feed.offlineCopy = OfflineCopyPage(
          provider: state.feed.provider, query: state.feed.activeQuery, photos: e.page.photos)
      }
      state.observe(.feed, nil)
    },
    .fold(FeedEvents.LoadFailed.self) { state, e in
      guard let pending = state.feed.pendingLoad, pending.requestID == e.requestID else { return }
      // A failed next page is retried by asking for it again; a failed first page by a refresh.
      let retry = Retry(pending.mode == .more ? "feed/loadMore" : "feed/refresh")
      state.feed.pendingLoad = nil
      state.feed.status = .failed
      state.feed.error = state.message(for: e.failure).retrying(retry.method)
      state.observe(.feed, e.failure, retry: retry)
    },
    .fold(FeedEvents.OfflineCopyShown.self) { state, e in
      let cutOff = state.connectivity == .offline || state.unreachable[ProviderArea.feed.rawValue] != nil
      guard state.feed.pendingLoad == nil, state.feed.status == .failed, cutOff else { return }
      state.feed.items = e.photos.map { FeedItem(photo: $0) }
      state.feed.activeQuery = e.query
      state.feed.isOfflineCopy = true
      state.feed.hasMore = false
      state.feed.page = 1
    },
    .fold(FeedEvents.DetailOpened.self) { state, e in
      guard let i = state.feed.index(of: e.key) else { return }
      state.detail = DetailState(photo: state.feed.items[i].photo)
      state.push(Route(.detail, id: e.key))
    },
    .fold(FeedEvents.DetailClosed.self) { state, _ in
      closeDetail(&state)
    },
    .fold(FeedEvents.ConnectivityChanged.self) { state, e in
      state.connectivity = e.online ? .online : .offline
    },
    .fold(NavigationEvents.WentBack.self) { state, e in
      guard e.from == .detail else { return }
      state.detail = nil
    },
    .fold(NavigationEvents.ScreensClosed.self) { state, _ in
      state.detail = nil
    },
    .plan(NavigationEvents.Opened.self) { _, state in loadIfShown(state) },
    .plan(NavigationEvents.ShapeChosen.self) { _, state in loadIfShown(state) },
    .plan(FeedEvents.QueryEdited.self) { e, state in
      return [
        .startTimer(
          id: e.timerID, milliseconds: e.delayMilliseconds ?? debounceMilliseconds,
          then: .feed(.debounceElapsed(e.timerID)))
      ]
    },
    .plan(FeedEvents.LoadStarted.self) { e, state in
      guard state.connectivity == .online else { return [] }
      let perPage = state.feed.pendingLoad?.perPage ?? state.feed.pageSize(for: e.mode)
      return [
        .feed(
          .loadPage(
            requestID: e.requestID, query: e.query, page: e.page, perPage: perPage,
            offlineCopy: state.feed.mayShowOfflineCopy))
      ]
    },
    .plan(FeedEvents.PageLoaded.self) { e, state in
      guard e.page.photos.count > 0 else { return [] }
      guard state.feed.page == 1, !state.feed.isOfflineCopy, state.feed.pendingLoad == nil else { return [] }
      return [
        .feed(
          .saveOfflineCopy(
            provider: state.feed.provider, query: state.feed.activeQuery, photos: e.page.photos))
      ]
    },
    // Declared offline, the load fails in `decide`, with the copy the state keeps; a state
    // written before it kept one reads the file, and the copy follows. (Unreachable, the load's
    // own effect records the copy with the failure.)
    .plan(FeedEvents.LoadFailed.self) { e, state in
      guard e.failure.kind == .offline && state.feed.status == .failed, state.connectivity == .offline,
        state.feed.offlineCopy?.provider != state.feed.provider, state.feed.mayShowOfflineCopy
      else {
        return []
      }
      return [.feed(.showOfflineCopy(provider: state.feed.provider))]
    },
    .plan(FeedEvents.DetailClosed.self) { e, state in
      return [.images(.cancel(keys: [e.key], target: .detail))]
    },
    .plan(NavigationEvents.WentBack.self) { e, state in
      guard e.from == .detail else { return [] }
      return [.images(.cancelAll(target: .detail))]
    },
    .plan(AuthEvents.Succeeded.self) { _, state in
      guard state.route.last?.screen == .home else { return [] }
      return [.dispatch(.feed(.refresh))]
    },
  ]

  static func retryAreas(of action: FeedAction) -> [ProviderArea] {
    switch action {
    case .refresh, .loadMore: return [.feed]
    default: return []
    }
  }

  /// The feed loads when its tab is shown and it never loaded.
  private static func loadIfShown(_ state: AppState) -> [Effect] {
    state.tab == .feed && state.feed.status == .idle ? [.dispatch(.feed(.refresh))] : []
  }

  private static func closeDetail(_ state: inout AppState) {
    state.detail = nil
    state.closeTop(.detail)
  }

}

extension FeedFeature {
  /// Its provider lives in the environment itself (`GalleryEnvironment.feed`).
  static let providerKeys: [any ProviderKey.Type] = []
  /// Nothing of its own is closed or restarted after a stop (a load starts over instead).
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// Its demo photos are served by the Images feature's files.
  static let demoFiles: [DemoFileSource] = []
}
