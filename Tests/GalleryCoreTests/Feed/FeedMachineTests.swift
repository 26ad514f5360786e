import GalleryCore
import GalleryTesting
import XCTest

/// The feed's rules step by step, every state change spelled out (TestStore is exhaustive).
final class FeedMachineTests: XCTestCase {
  static func photo(_ n: Int) -> Photo {
    Photo(
      key: "p:\(n)", providerID: String(n), width: 10, height: 10, author: "a", pageURL: "https://x/\(n)",
      thumbnailURL: "https://x/\(n)/t.jpg", largeURL: "https://x/\(n)/l.jpg")
  }

  /// A store on the home screen with page 1 (photos 1...3) loaded.
  func loaded() -> TestStore {
    var state = AppState()
    state.route = [Route(.home)]
    let store = TestStore(state: state)
    store.send(.feed(.refresh)) {
      $0.feed.status = .loading
      $0.feed.pendingLoad = .init(requestID: 1, mode: .refresh, page: 1, query: "", perPage: 20)
      $0.nextRequestID = 2
    }
    store.expectEffects([.feed(.loadPage(requestID: 1, query: "", page: 1, perPage: 20, offlineCopy: true))])
    let page = FeedPage(photos: [1, 2, 3].map(Self.photo), hasMore: true)
    store.receive([Event(FeedEvents.PageLoaded(requestID: 1, page: page))]) {
      $0.feed.status = .loaded
      $0.feed.pendingLoad = nil
      $0.feed.items = page.photos.map { FeedItem(photo: $0) }
      $0.feed.page = 1
      $0.feed.listPageSize = 20
      $0.feed.hasMore = true
      $0.feed.offlineCopy = OfflineCopyPage(provider: "demo", query: "", photos: page.photos)
    }
    store.expectEffects([.feed(.saveOfflineCopy(provider: "demo", query: "", photos: page.photos))])
    return store
  }

  func testTypingIsDebouncedByARecordedTimerAndOnlyTheLastTimerSearches() {
    let store = loaded()
    store.send(.feed(.setQuery("f"))) {
      $0.feed.query = "f"
      $0.feed.debounceTimer = 2
      $0.nextRequestID = 3
    }
    store.expectEffects([.startTimer(id: 2, milliseconds: 300, then: .feed(.debounceElapsed(2)))])
    store.send(.feed(.setQuery("fox"))) {
      $0.feed.query = "fox"
      $0.feed.debounceTimer = 3
      $0.nextRequestID = 4
    }
    store.expectEffects([.startTimer(id: 3, milliseconds: 300, then: .feed(.debounceElapsed(3)))])
    XCTAssertEqual(store.send(.feed(.debounceElapsed(2))), [], "a superseded timer does nothing")
    let events = store.send(.feed(.debounceElapsed(3))) {
      $0.feed.debounceTimer = nil
      $0.feed.status = .refreshing
      $0.feed.pendingLoad = .init(requestID: 4, mode: .refresh, page: 1, query: "fox", perPage: 20)
      $0.nextRequestID = 5
    }
    XCTAssertEqual(events.map(\.type), ["feed.debounceFired", "feed.loadStarted"])
    store.expectEffects([
      .feed(.loadPage(requestID: 4, query: "fox", page: 1, perPage: 20, offlineCopy: false))
    ])
    store.finish()
  }

  func testLoadMoreAppendsWithoutRepeatsAndIsNotStartedTwice() {
    let store = loaded()
    store.send(.feed(.loadMore)) {
      $0.feed.status = .loadingMore
      $0.feed.pendingLoad = .init(requestID: 2, mode: .more, page: 2, query: "", perPage: 20)
      $0.nextRequestID = 3
    }
    store.expectEffects([.feed(.loadPage(requestID: 2, query: "", page: 2, perPage: 20, offlineCopy: false))])
    XCTAssertEqual(store.send(.feed(.loadMore)), [], "one load at a time")
    let page2 = FeedPage(photos: [3, 4, 2, 5].map(Self.photo), hasMore: false)
    store.receive([Event(FeedEvents.PageLoaded(requestID: 2, page: page2))]) {
      $0.feed.status = .loaded
      $0.feed.pendingLoad = nil
      $0.feed.items += [4, 5].map { FeedItem(photo: Self.photo($0)) }
      $0.feed.page = 2
      $0.feed.hasMore = false
    }
    XCTAssertEqual(
      store.state.feed.items.map(\.key), ["p:1", "p:2", "p:3", "p:4", "p:5"],
      "ids repeated across pages show once")
    XCTAssertEqual(store.send(.feed(.loadMore)), [], "nothing more to load")
    store.finish()
  }

  func testARefreshKeepsOnlyLoadedThumbnailsOfPhotosItStillHasAndDropsRepeats() {
    var state = AppState()
    state.route = [Route(.home)]
    let loaded = ImageState(status: .loaded, path: "/cache/1")
    state.feed.items = [
      FeedItem(photo: Self.photo(1), thumbnail: loaded),
      FeedItem(photo: Self.photo(2), thumbnail: ImageState(status: .failed)),
      FeedItem(photo: Self.photo(3), thumbnail: ImageState(status: .loaded, path: "/cache/3")),
    ]
    state.feed.status = .refreshing
    state.feed.pendingLoad = .init(requestID: 7, mode: .refresh, page: 1, query: "", perPage: 20)
    state.nextRequestID = 8
    let store = TestStore(state: state)
    // 3 is gone, 2 failed (asked for again), 1 loaded (kept), 6 new; 1 again in the page once.
    let page = FeedPage(photos: [2, 1, 6, 1].map(Self.photo), hasMore: true)
    store.receive([Event(FeedEvents.PageLoaded(requestID: 7, page: page))]) {
      $0.feed.status = .loaded
      $0.feed.pendingLoad = nil
      $0.feed.items = [
        FeedItem(photo: Self.photo(2)), FeedItem(photo: Self.photo(1), thumbnail: loaded),
        FeedItem(photo: Self.photo(6)),
      ]
      $0.feed.page = 1
      $0.feed.listPageSize = 20
      $0.feed.hasMore = true
      $0.feed.offlineCopy = OfflineCopyPage(provider: "demo", query: "", photos: page.photos)
    }
    store.expectEffects([.feed(.saveOfflineCopy(provider: "demo", query: "", photos: page.photos))])
    store.finish()
  }

  func testAnAnswerForASupersededRefreshIsRecordedButChangesNothing() {
    let store = loaded()
    store.send(.feed(.refresh)) {
      $0.feed.status = .refreshing
      $0.feed.pendingLoad = .init(requestID: 2, mode: .refresh, page: 1, query: "", perPage: 20)
      $0.nextRequestID = 3
    }
    store.expectEffects([.feed(.loadPage(requestID: 2, query: "", page: 1, perPage: 20, offlineCopy: false))])
    store.send(.feed(.refresh)) {
      $0.feed.pendingLoad = .init(requestID: 3, mode: .refresh, page: 1, query: "", perPage: 20)
      $0.nextRequestID = 4
    }
    store.expectEffects([.feed(.loadPage(requestID: 3, query: "", page: 1, perPage: 20, offlineCopy: false))])
    store.receive([
      Event(FeedEvents.PageLoaded(requestID: 2, page: FeedPage(photos: [Self.photo(9)], hasMore: false)))
    ])
    store.receive([
      Event(FeedEvents.LoadFailed(requestID: 3, failure: RequestFailure(kind: .http, status: 503)))
    ]) {
      $0.feed.status = .failed
      $0.feed.pendingLoad = nil
      $0.feed.error = MessageCatalog.message("request.serverError", ["status": "503"], retryable: true)
        .retrying("feed/refresh")
    }
    XCTAssertEqual(store.state.feed.items.count, 3, "a failed refresh keeps the list")
    store.finish()
  }

  func testThumbnailsLoadFailRetryAndCancelNeverSpinningForever() {
    let store = loaded()
    store.send(.images(.prefetch(["p:1", "p:2", "p:1", "nope"]))) {
      $0.feed.items[0].thumbnail.status = .loading
      $0.feed.items[1].thumbnail.status = .loading
    }
    store.expectEffects([
      .images(.download(key: "p:1", target: .thumbnail, url: "https://x/1/t.jpg")),
      .images(.download(key: "p:2", target: .thumbnail, url: "https://x/2/t.jpg")),
    ])
    XCTAssertEqual(store.send(.images(.prefetch(["p:1"]))), [], "already loading")
    store.receive([Event(ImagesEvents.ImageLoaded(key: "p:1", target: .thumbnail, path: "/cache/aa/aa"))]) {
      $0.feed.items[0].thumbnail = ImageState(status: .loaded, path: "/cache/aa/aa")
    }
    store.send(.images(.cancelPrefetch(["p:1", "p:2"]))) { $0.feed.items[1].thumbnail = ImageState() }
    store.expectEffects([.images(.cancel(keys: ["p:2"], target: .thumbnail))])
    store.send(.images(.prefetch(["p:3"]))) { $0.feed.items[2].thumbnail.status = .loading }
    store.expectEffects([.images(.download(key: "p:3", target: .thumbnail, url: "https://x/3/t.jpg"))])
    store.receive([
      Event(ImagesEvents.ImageFailed(key: "p:3", target: .thumbnail, failure: RequestFailure(kind: .timeout)))
    ]) {
      $0.feed.items[2].thumbnail = ImageState(
        status: .failed,
        error: MessageCatalog.message("request.timeout", retryable: true).retrying(
          "images/retry", ["key": .string("p:3")]))
    }
    store.reject(.images(.retry("p:1")), code: "feed.imageNotFailed")
    store.reject(.images(.retry("zzz")), code: "feed.unknownKey")
    store.send(.images(.retry("p:3"))) { $0.feed.items[2].thumbnail = ImageState(status: .loading) }
    store.expectEffects([.images(.download(key: "p:3", target: .thumbnail, url: "https://x/3/t.jpg"))])
    store.receive([Event(ImagesEvents.ImagesEvicted(paths: ["/cache/aa/aa"]))]) {
      $0.feed.items[0].thumbnail = ImageState()
    }
    store.finish()
  }

  /// A retry is taken only where the failure's message offers one: a refusal retrying cannot
  /// help is refused, saying why, and the image stays failed.
  func testAFailureRetryingCannotHelpIsNotRetried() {
    let store = loaded()
    store.send(.images(.prefetch(["p:1"]))) { $0.feed.items[0].thumbnail.status = .loading }
    store.expectEffects([.images(.download(key: "p:1", target: .thumbnail, url: "https://x/1/t.jpg"))])
    let refused = RequestFailure(kind: .rejected, status: 403)
    store.receive([Event(ImagesEvents.ImageFailed(key: "p:1", target: .thumbnail, failure: refused))]) {
      $0.feed.items[0].thumbnail = ImageState(status: .failed, error: refused.message)
    }
    XCTAssertEqual(store.state.feed.items[0].thumbnail.error?.retryable, false)
    store.reject(.images(.retry("p:1")), code: "feed.imageNotRetryable")
    XCTAssertThrowsError(try AppMachine.decide(.images(.retry("p:1")), store.state)) {
      XCTAssertEqual(
        ($0 as? Rejection)?.message, "Retrying that image cannot help: \(refused.message.message)")
    }
    store.finish()
  }

  func testDetailOpensWithItsOwnImageStateAndBackClosesIt() {
    let store = loaded()
    store.reject(.feed(.openDetail("nope")), code: "feed.unknownKey")
    store.send(.feed(.openDetail("p:2"))) {
      $0.detail = DetailState(photo: Self.photo(2), image: ImageState(status: .loading))
      $0.route.append(Route(.detail, id: "p:2"))
    }
    store.expectEffects([.images(.download(key: "p:2", target: .detail, url: "https://x/2/l.jpg"))])
    store.receive([Event(ImagesEvents.ImageLoaded(key: "p:2", target: .detail, path: "/c/l"))]) {
      $0.detail?.image = ImageState(status: .loaded, path: "/c/l")
    }
    store.send(.navigation(.back)) {
      $0.detail = nil
      $0.route = [Route(.home)]
    }
    store.expectEffects([.images(.cancelAll(target: .detail))])
    store.reject(.feed(.closeDetail), code: "detail.notOpen")
    store.send(.feed(.openDetail("p:1"))) {
      $0.detail = DetailState(photo: Self.photo(1), image: ImageState(status: .loading))
      $0.route.append(Route(.detail, id: "p:1"))
    }
    store.expectEffects([.images(.download(key: "p:1", target: .detail, url: "https://x/1/l.jpg"))])
    store.send(.feed(.closeDetail)) {
      $0.detail = nil
      $0.route = [Route(.home)]
    }
    store.expectEffects([.images(.cancel(keys: ["p:1"], target: .detail))])
    store.finish()
  }

  /// Declared offline with nothing live shown (the provider just chosen), a search fails at
  /// once with the copy the state keeps; back online, it goes out.
  func testOfflineServesTheLastFirstPageAndComingBackOnlineRefreshes() {
    let store = loaded()
    store.send(.feed(.setConnectivity(online: false))) { $0.connectivity = .offline }
    store.send(.feed(.setQuery("owl"))) {
      $0.feed.query = "owl"
      $0.feed.debounceTimer = 2
      $0.nextRequestID = 3
    }
    store.expectEffects([.startTimer(id: 2, milliseconds: 300, then: .feed(.debounceElapsed(2)))])
    // A live list is kept: its failure says it is not fresh, and the copy does not replace it.
    let offline = RequestFailure(kind: .offline, detail: "the device is offline")
    let kept = store.send(.feed(.debounceElapsed(2))) {
      $0.nextRequestID = 4
      $0.feed.debounceTimer = nil
      $0.feed.status = .failed
      $0.feed.error = MessageCatalog.message("request.offline", retryable: true).retrying("feed/refresh")
    }
    XCTAssertEqual(
      kept,
      [
        Event(FeedEvents.DebounceFired(timerID: 2)),
        Event(FeedEvents.LoadStarted(requestID: 3, mode: .refresh, page: 1, query: "owl", perPage: 20)),
        Event(FeedEvents.LoadFailed(requestID: 3, failure: offline)),
      ], "the 3 live photos stay")
    store.expectEffects([])
    // With nothing live shown, the failure and the copy the state keeps are one change, so no
    // screen ever shows the failed search alone.
    var empty = AppState()
    empty.route = [Route(.home)]
    empty.connectivity = .offline
    empty.nextRequestID = 4
    empty.feed.query = "owl"
    empty.feed.status = .failed
    empty.feed.offlineCopy = OfflineCopyPage(provider: "demo", query: "", photos: [1, 2, 3].map(Self.photo))
    let fresh = TestStore(state: empty)
    let events = fresh.send(.feed(.refresh)) {
      $0.nextRequestID = 5
      $0.feed.error = MessageCatalog.message("request.offline", retryable: true).retrying("feed/refresh")
      $0.feed.items = [1, 2, 3].map { FeedItem(photo: Self.photo($0)) }
      $0.feed.activeQuery = ""
      $0.feed.isOfflineCopy = true
      $0.feed.hasMore = false
      $0.feed.page = 1
    }
    XCTAssertEqual(
      events,
      [
        Event(FeedEvents.LoadStarted(requestID: 4, mode: .refresh, page: 1, query: "owl", perPage: 20)),
        Event(FeedEvents.LoadFailed(requestID: 4, failure: offline)),
        Event(FeedEvents.OfflineCopyShown(photos: [1, 2, 3].map(Self.photo), query: "")),
      ], "fails fast: no request goes out, and the copy comes with the failure")
    fresh.expectEffects([])
    XCTAssertEqual(fresh.send(.feed(.loadMore)), [], "the offline copy has no next page")
    fresh.send(.feed(.setConnectivity(online: true))) {
      $0.connectivity = .online
      $0.feed.status = .refreshing
      $0.feed.error = nil
      $0.feed.pendingLoad = .init(requestID: 5, mode: .refresh, page: 1, query: "owl", perPage: 20)
      $0.nextRequestID = 6
    }
    fresh.expectEffects([
      .feed(.loadPage(requestID: 5, query: "owl", page: 1, perPage: 20, offlineCopy: true))
    ])
    fresh.finish()
    store.finish()
  }

  /// A state written before the state kept the copy (an older build's) reads it from its file:
  /// the copy follows the failure as that effect's result.
  func testAStateWithoutTheKeptCopyReadsItsFile() {
    var state = AppState()
    state.route = [Route(.home)]
    state.connectivity = .offline
    state.nextRequestID = 2
    state.feed.status = .failed
    let store = TestStore(state: state)
    let events = store.send(.feed(.refresh)) {
      $0.nextRequestID = 3
      $0.feed.error = MessageCatalog.message("request.offline", retryable: true).retrying("feed/refresh")
    }
    XCTAssertEqual(events.map(\.type), ["feed.loadStarted", "feed.loadFailed"])
    store.expectEffects([.feed(.showOfflineCopy(provider: "demo"))])
    store.receive([Event(FeedEvents.OfflineCopyShown(photos: [Self.photo(1)], query: ""))]) {
      $0.feed.items = [FeedItem(photo: Self.photo(1))]
      $0.feed.isOfflineCopy = true
      $0.feed.page = 1
    }
    store.finish()
  }

  func testStartingAgainResumesOrClosesWhatWasInFlight() {
    let store = loaded()
    store.send(.images(.prefetch(["p:1"]))) { $0.feed.items[0].thumbnail.status = .loading }
    store.expectEffects([.images(.download(key: "p:1", target: .thumbnail, url: "https://x/1/t.jpg"))])
    store.send(.feed(.setQuery("owl"))) {
      $0.feed.query = "owl"
      $0.feed.debounceTimer = 2
      $0.nextRequestID = 3
    }
    store.expectEffects([.startTimer(id: 2, milliseconds: 300, then: .feed(.debounceElapsed(2)))])
    let events = store.send(.feed(.start(provider: "demo"))) {
      $0.feed.debounceTimer = nil
      $0.feed.status = .refreshing
      $0.feed.pendingLoad = .init(requestID: 3, mode: .refresh, page: 1, query: "owl", perPage: 20)
      $0.nextRequestID = 4
    }
    XCTAssertEqual(events.map(\.type), ["feed.debounceFired", "feed.loadStarted"])
    store.expectEffects([
      .feed(.loadPage(requestID: 3, query: "owl", page: 1, perPage: 20, offlineCopy: false))
    ])
    // The Images module closes the downloads the last process left running, for every screen.
    let resumed = store.send(.images(.resume)) { $0.feed.items[0].thumbnail = ImageState() }
    XCTAssertEqual(resumed.map(\.type), ["feed.imagesCancelled"])
    store.expectEffects([.images(.cancel(keys: ["p:1"], target: .thumbnail))])
    let switched = store.send(.feed(.start(provider: "pexels"))) {
      $0.feed = FeedState()
      $0.feed.provider = "pexels"
      $0.feed.status = .loading
      $0.feed.pendingLoad = .init(requestID: 4, mode: .refresh, page: 1, query: "", perPage: 20)
      $0.nextRequestID = 5
    }
    XCTAssertEqual(switched.map(\.type), ["feed.providerSelected", "feed.loadStarted"])
    store.expectEffects([.feed(.loadPage(requestID: 4, query: "", page: 1, perPage: 20, offlineCopy: true))])
    store.finish()
  }
}
