import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// The feed through the real runtime: a fake Pixabay on 127.0.0.1 speaking its format, the
/// image cache on disk, restarts, and replay of what was recorded.
final class FeedStoreTests: XCTestCase {
  /// A fake Pixabay: 60 hits over pages of 20 (ids 1...60, page 3 repeats ids 39 and 40),
  /// images at /img/N.png; `mode` switches on faults.
  final class FakePixabay: @unchecked Sendable {
    let mode = Locked("ok")
    var server: FakeHTTPServer!

    init() throws {
      server = try FakeHTTPServer { [mode] request in
        switch mode.value {
        case "429": return .json(#"{"error":"slow down"}"#, status: 429, headers: ["Retry-After": "30"])
        case "500": return .init(status: 500, body: Data("<html>boom</html>".utf8))
        default: break
        }
        if request.path.hasPrefix("/img/") {
          return .init(
            headers: ["Content-Type": "image/png"],
            body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 2000)))
        }
        let page = Int(request.query["page"] ?? "1") ?? 1
        guard page <= 3 else {
          return .init(status: 400, body: Data(#"[ERROR 400] "page" is out of valid range."#.utf8))
        }
        var ids = Array(((page - 1) * 20 + 1)...(page * 20))
        if page == 3 { ids = [39, 40] + ids.dropFirst(2) }
        let base = "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "0")"
        let hits = ids.map { id in
          #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"t\#(id), common","previewURL":"\#(base)/img/\#(id).png","webformatURL":"\#(base)/img/\#(id)w.png","largeImageURL":"\#(base)/img/\#(id)l.png","imageWidth":640,"imageHeight":480,"likes":\#(id),"user":"u\#(id)","user_id":\#(id),"userImageURL":""}"#
        }
        return .json(#"{"total":60,"totalHits":60,"hits":[\#(hits.joined(separator: ","))]}"#)
      }
    }

    var imageRequests: Int { server.requests.filter { $0.path.hasPrefix("/img/") }.count }
  }

  /// Milliseconds added to the wall clock the store reads (to pass a rate limit's wait).
  let clockOffset = Locked<Int64>(0)

  func openStore(_ dir: TemporaryDirectory, _ fake: FakePixabay, cacheBytes: Int = 1_000_000) throws -> Store
  {
    let provider = PixabayProvider(
      baseURL: fake.server.baseURL, apiKey: "key", http: DefaultHTTPClient.make())
    let store = try Store(
      dataDirectory: dir.path,
      environment: GalleryEnvironment(feed: provider, images: ImageSource(http: DefaultHTTPClient.make())),
      options: .init(
        durability: .none, clock: { [clockOffset] in EventLogOptions.systemClock() + clockOffset.value },
        imageCacheBytes: cacheBytes))
    store.waitUntilIdle()
    return store
  }

  func signIn(_ store: Store) throws {
    try store.signInToDemo()
  }

  /// Issue 29, item 2: a failed next page (or a failed refresh) with items still shown can be
  /// retried with feed/loadMore, from the last page that loaded; the place is kept.
  func testAFailedNextPageIsRetriedByLoadMoreWithoutLosingThePlace() throws {
    let fake = try FakePixabay()
    let dir = TemporaryDirectory()
    let store = try openStore(dir, fake)
    try signIn(store)
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items.count, 20)
    fake.mode.mutate { $0 = "500" }
    try store.send(.feed(.loadMore))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed)
    XCTAssertEqual(store.state.feed.items.count, 20, "page 1 stays on screen")
    XCTAssertNil(store.state.feed.whyNoMore, "a next page can be asked for again")
    fake.mode.mutate { $0 = "ok" }
    try store.send(.feed(.loadMore))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .loaded)
    XCTAssertEqual(store.state.feed.items.count, 40, "page 2 came, after page 1")
    XCTAssertEqual(store.state.feed.page, 2)
    // A failed refresh with items shown: loadMore goes on from the shown list.
    fake.mode.mutate { $0 = "500" }
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed)
    fake.mode.mutate { $0 = "ok" }
    try store.send(.feed(.loadMore))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.page, 3)
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }

  func testPagesThumbnailsCacheOfflineCopyAndReplayOverRealHTTP() throws {
    let fake = try FakePixabay()
    let dir = TemporaryDirectory()
    var live: AppState
    do {
      let store = try openStore(dir, fake)
      XCTAssertEqual(store.state.feed.provider, "pixabay")
      XCTAssertEqual(store.state.feed.status, .idle, "the feed waits for the home screen")
      try signIn(store)
      XCTAssertEqual(store.state.feed.status, .loaded, "signing in loads the feed")
      XCTAssertEqual(store.state.feed.items.count, 20)
      try store.send(.feed(.loadMore))
      store.waitUntilIdle()
      try store.send(.feed(.loadMore))
      store.waitUntilIdle()
      let keys = store.state.feed.items.map(\.key)
      XCTAssertEqual(keys.count, 60 - 2, "ids 39 and 40 came back on page 3 and show once")
      XCTAssertEqual(Set(keys).count, keys.count)
      XCTAssertFalse(store.state.feed.hasMore)
      XCTAssertEqual(try store.send(.feed(.loadMore)).events, [], "no page 4 is asked for")

      try store.send(.images(.prefetch(Array(keys.prefix(10)))))
      store.waitUntilIdle()
      XCTAssertEqual(
        store.state.feed.items.prefix(10).map(\.thumbnail.status), Array(repeating: .loaded, count: 10))
      for item in store.state.feed.items.prefix(10) {
        let path = try XCTUnwrap(item.thumbnail.path)
        XCTAssertTrue(path.hasPrefix("cache/"), "relative to the data directory")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/" + path))
      }
      XCTAssertEqual(fake.imageRequests, 10)

      fake.mode.mutate { $0 = "429" }
      try store.send(.feed(.refresh))
      store.waitUntilIdle()
      XCTAssertEqual(store.state.feed.status, .failed)
      XCTAssertEqual(
        store.state.feed.error?.message,
        "Too many requests. Try again in 30 seconds. The server said: “slow down”")
      XCTAssertEqual(store.state.feed.items.count, 58, "a failed refresh keeps the list")
      XCTAssertThrowsError(try store.send(.feed(.refresh)), "no retry before the 30 seconds are over")
      clockOffset.mutate { $0 += 30_000 }
      fake.mode.mutate { $0 = "ok" }
      try store.send(.feed(.refresh))
      store.waitUntilIdle()
      XCTAssertEqual(store.state.feed.items.count, 20)
      XCTAssertEqual(
        store.state.feed.items.prefix(10).map(\.thumbnail.status), Array(repeating: .loaded, count: 10),
        "a refresh keeps loaded thumbnails")
      live = store.state
      try store.close()
    }
    XCTAssertEqual(
      try Replay.state(ofLogAt: dir.path + "/events.jsonl"), live, "the log replays to the live state")

    // Offline: the provider is gone; the last first page is served from disk, marked as such.
    fake.server.stop()
    let store = try openStore(dir, fake)
    XCTAssertEqual(store.state.connectivity, .online, "the frontend never said otherwise")
    XCTAssertNotNil(store.state.unreachable["feed"]?.since, "the refused connection is shown with its time")
    XCTAssertEqual(store.state.feed.status, .failed)
    XCTAssertEqual(store.state.feed.error?.code, "request.unreachable")
    XCTAssertFalse(store.state.feed.isOfflineCopy, "the list shown is kept; its failure says it is not fresh")
    XCTAssertEqual(store.state.feed.items.map(\.key), live.feed.items.map(\.key))
    // With nothing shown (a new data directory holding only the copy's file), the copy is
    // recorded with the failure, in one append: no change a client is sent shows the failed feed
    // without it (the copy used to follow one patch later).
    let bare = TemporaryDirectory()
    try FileManager.default.copyItem(
      atPath: dir.path + "/offline-feed.json", toPath: bare.path + "/offline-feed.json")
    let fresh = try openStore(bare, fake)
    try signIn(fresh)
    XCTAssertTrue(fresh.state.feed.isOfflineCopy)
    XCTAssertEqual(fresh.state.feed.items.map(\.key), live.feed.items.map(\.key))
    try fresh.close()
    var records: [EventRecord] = []
    let cursor = try LogCursor(path: bare.path + "/events.jsonl")
    while let record = try cursor.next() { records.append(record) }
    let failed = try XCTUnwrap(records.lastIndex { $0.type == "feed.loadFailed" })
    XCTAssertEqual(records[failed + 1].type, "feed.offlineCopyShown")
    XCTAssertEqual(records[failed].batchRemaining, 1, "the failure and its copy are one append")
    try store.send(.images(.prefetch(["pixabay:1", "pixabay:2"])))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items[0].thumbnail.status, .loaded, "cached thumbnails work offline")
    XCTAssertEqual(store.state.feed.items[1].thumbnail.status, .loaded)
    try store.send(.images(.prefetch(["pixabay:15"])))
    store.waitUntilIdle()
    XCTAssertEqual(
      store.state.feed.items[14].thumbnail.status, .failed, "thumbnail 15 was never cached: it fails")
    XCTAssertEqual(store.state.feed.items[14].thumbnail.error?.code, "request.unreachable")
    try store.send(.images(.prefetch(["pixabay:16"])))
    try store.send(.feed(.openDetail("pixabay:16")))
    store.waitUntilIdle()
    XCTAssertEqual(
      store.state.detail?.image.status, .failed, "an image that was never cached fails, it does not spin")
    XCTAssertEqual(store.state.detail?.image.error?.code, "request.unreachable")
  }

  func testTheDemoFeedWorksOfflineWithinTheCacheBudget() throws {
    let dir = TemporaryDirectory()
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(),
      options: .init(durability: .none, imageCacheBytes: 200_000, downloadConcurrency: 3))
    try signIn(store)
    while store.state.feed.hasMore {
      try store.send(.feed(.loadMore))
      store.waitUntilIdle()
    }
    XCTAssertEqual(store.state.feed.items.count, DemoCatalog.count)
    let keys = store.state.feed.items.map(\.key)
    for chunk in stride(from: 0, to: keys.count, by: 25) {
      try store.send(.images(.prefetch(Array(keys[chunk..<min(keys.count, chunk + 25)]))))
    }
    store.waitUntilIdle()
    let cacheFiles = TemporaryDirectoryFiles.sizes(in: dir.path + "/cache")
    XCTAssertLessThanOrEqual(cacheFiles.reduce(0, +), 200_000, "the budget is never exceeded")
    let states = store.state.feed.items.map(\.thumbnail)
    XCTAssertFalse(states.contains { $0.status == .loading || $0.status == .failed })
    for image in states where image.status == .loaded {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: dir.path + "/" + image.path!),
        "every loaded thumbnail's file exists")
    }
    XCTAssertGreaterThan(
      states.filter { $0.status == .notRequested }.count, 0, "evicted ones went back to not requested")
    try store.send(.feed(.setQuery("lake")))
    try store.send(.feed(.setQuery("lak")))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.activeQuery, "lak")
    let searches = try LogCursorEvents.types(dir.path + "/events.jsonl").filter { $0 == "feed.debounceFired" }
    XCTAssertEqual(searches.count, 1, "two keystrokes, one search")
    XCTAssertTrue(
      store.state.feed.items.allSatisfy {
        $0.photo.tags.contains { $0.contains("lak") } || $0.photo.author.contains("lak")
      })
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }
}

/// File sizes below a folder.
enum TemporaryDirectoryFiles {
  static func sizes(in path: String) -> [Int] {
    let enumerator = FileManager.default.enumerator(atPath: path)
    var sizes: [Int] = []
    while let name = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: "\(path)/\(name)")
      if attributes?[.type] as? FileAttributeType == .typeRegular {
        sizes.append((attributes?[.size] as? Int) ?? 0)
      }
    }
    return sizes
  }
}

/// The event types of a log, in order.
enum LogCursorEvents {
  static func types(_ path: String) throws -> [String] {
    let cursor = try LogCursor(path: path)
    var types: [String] = []
    while let record = try cursor.next() { types.append(record.type) }
    return types
  }
}

/// Slow answers: a page slower than the timeout fails as a timeout; a thumbnail cancelled
/// while it downloads leaves nothing behind.
final class FeedSlowProviderTests: XCTestCase {
  func testATimeoutIsTypedAndACancelledDownloadRecordsNothing() throws {
    let release = DispatchSemaphore(value: 0)
    let slowAnswered = DispatchSemaphore(value: 0)
    let server = try FakeHTTPServer { request in
      if request.path == "/api/", request.query["q"] == "slow" {
        // The fake provider answers only after the client gave up at 0.3 s (bounded).
        _ = slowAnswered.wait(timeout: .now() + 10)
        return .json("{}")
      }
      if request.path.hasPrefix("/img/") {
        release.wait()
        return .init(body: Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 1, count: 100)))
      }
      let base = "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "0")"
      return .json(
        #"{"totalHits":1,"hits":[{"id":1,"previewURL":"\#(base)/img/1.jpg","largeImageURL":"\#(base)/img/1l.jpg"}]}"#
      )
    }
    let dir = TemporaryDirectory()
    let store = try Store(
      dataDirectory: dir.path,
      environment: GalleryEnvironment(
        feed: PixabayProvider(
          baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make(), timeout: 0.3)),
      options: .init(durability: .none, timerScale: 0))
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items.count, 1)
    try store.send(.images(.prefetch(["pixabay:1"])))
    try store.send(.images(.cancelPrefetch(["pixabay:1"])))
    release.signal()
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.items[0].thumbnail, ImageState(), "cancelled: back to not requested")
    XCTAssertFalse(try LogCursorEvents.types(dir.path + "/events.jsonl").contains("feed.imageLoaded"))
    try store.send(.feed(.setQuery("slow")))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed)
    XCTAssertEqual(store.state.feed.error?.code, "request.timeout")
    XCTAssertEqual(store.state.feed.error?.retryable, true)
    slowAnswered.signal()
  }
}
