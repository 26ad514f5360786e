import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 18 item 1: a server the core could not reach is shown under `/unreachable` with
/// its time, never obeyed. The next load tries again, a success clears it, and a restart
/// (the failure is in the log) starts by trying; only `connectivity/set` makes loads fail
/// at once.
final class ReachabilityTests: XCTestCase {
  static let refused = RequestFailure(kind: .offline, detail: "Connection refused")

  /// The demo albums behind the same switch.
  struct SwitchedAlbums: AlbumsProvider {
    let down: Locked<Bool>
    let calls = Locked(0)
    var name: String { "demo" }
    private var demo: any AlbumsProvider { GalleryEnvironment().albums }
    private var refused: RequestFailure { RequestFailure(kind: .offline, detail: "Connection refused") }
    func albums() async -> Result<[AlbumInfo], RequestFailure> {
      calls.mutate { $0 += 1 }
      return down.value ? .failure(refused) : await demo.albums()
    }
    func users() async -> Result<[Owner], RequestFailure> {
      down.value ? .failure(refused) : await demo.users()
    }
    func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure> {
      down.value ? .failure(refused) : await demo.photos(albumID: albumID)
    }
  }

  static let clockMillis: Int64 = 1_795_000_000_000

  func open(_ dir: TemporaryDirectory, _ feed: SwitchedFeed, _ albums: SwitchedAlbums? = nil) throws -> Store
  {
    var environment = GalleryEnvironment()
    environment.feed = feed
    if let albums { environment.albums = albums }
    let store = try Store(
      dataDirectory: dir.path, environment: environment,
      options: .init(durability: .none, clock: { Self.clockMillis }))
    store.waitUntilIdle()
    return store
  }

  func testAFailureToReachTheFeedIsShownWithItsTimeAndTheNextLoadTriesAgain() throws {
    let dir = TemporaryDirectory()
    let feed = SwitchedFeed(failing: Self.refused)
    let store = try open(dir, feed)
    try store.signInToDemo()
    XCTAssertEqual(store.state.feed.status, .failed)
    XCTAssertEqual(store.state.connectivity, .online, "what the frontend declared is untouched")
    let seen = try XCTUnwrap(store.state.unreachable["feed"])
    XCTAssertEqual(seen.since, ISOTime.format(millis: Self.clockMillis))
    XCTAssertEqual(seen.message.code, "request.unreachable")

    let before = feed.calls.value
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(feed.calls.value, before + 1, "a refresh goes to the network although the last one failed")
    XCTAssertEqual(store.state.unreachable["feed"], seen, "a repeated failure keeps the first time")

    feed.failure.mutate { $0 = nil }
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .loaded)
    XCTAssertFalse(store.state.feed.isOfflineCopy)
    XCTAssertEqual(store.state.unreachable, [:], "a success clears what was observed")
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }

  func testARestartAfterAFailureStartsByTryingTheNetwork() throws {
    let dir = TemporaryDirectory()
    do {
      let store = try open(dir, SwitchedFeed(failing: Self.refused))
      try store.signInToDemo()
      XCTAssertNotNil(store.state.unreachable["feed"])
      try store.close()
    }
    let feed = SwitchedFeed()
    let store = try open(dir, feed)
    XCTAssertEqual(feed.calls.value, 1, "the new process loads the feed at once")
    XCTAssertEqual(store.state.feed.status, .loaded)
    XCTAssertEqual(store.state.unreachable, [:])
    XCTAssertEqual(store.state.connectivity, .online)
  }

  func testOnlyADeclaredOfflineMakesLoadsFailWithoutTrying() throws {
    let dir = TemporaryDirectory()
    let feed = SwitchedFeed()
    let store = try open(dir, feed)
    try store.signInToDemo()
    try store.send(.feed(.setConnectivity(online: false)))
    let before = feed.calls.value
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(feed.calls.value, before, "declared offline: no request")
    XCTAssertEqual(store.state.feed.error?.code, "request.offline")
    XCTAssertEqual(store.state.unreachable, [:], "nothing was observed: the frontend said so")
    try store.send(.feed(.setConnectivity(online: true)))
    store.waitUntilIdle()
    XCTAssertEqual(feed.calls.value, before + 1, "back online: the feed loads again")
    XCTAssertEqual(store.state.feed.status, .loaded)
  }

  func testAlbumsShowTheSameStateAndRecoverTheSameWay() throws {
    let dir = TemporaryDirectory()
    let down = Locked(true)
    let store = try open(dir, SwitchedFeed(), SwitchedAlbums(down: down))
    try store.signInToDemo()
    try store.send(.albums(.load))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .failed)
    XCTAssertEqual(store.state.unreachable["albums"]?.since, ISOTime.format(millis: Self.clockMillis))
    XCTAssertNil(store.state.unreachable["feed"], "the feed's server answered")
    down.mutate { $0 = false }
    try store.send(.albums(.retry))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .loaded)
    XCTAssertEqual(store.state.unreachable, [:])
  }

  func testADeclaredOfflineFailsAlbumsAccountAndVideoAtOnceWithoutARequest() throws {
    let dir = TemporaryDirectory()
    let albums = SwitchedAlbums(down: Locked(false))
    let store = try open(dir, SwitchedFeed(), albums)
    try store.signInToDemo()
    try store.send(.account(.beginLogin(nonce: "abcdefabcdefabcdef")))
    try store.send(
      .account(
        .completeLogin(
          redirectURL: Secret(
            "demo://imgur/callback#access_token=a&refresh_token=r&expires_in=3600&token_type=bearer&account_username=demo&account_id=1&state=abcdefabcdefabcdef"
          ))))
    store.waitUntilIdle()
    try store.send(.feed(.setConnectivity(online: false)))
    try store.send(.albums(.load))
    try store.send(.account(.loadImages))
    try store.send(.video(.playRandom(VideoWish())))
    store.waitUntilIdle()
    XCTAssertEqual(albums.calls.value, 0, "no request while the frontend says offline")
    XCTAssertEqual(store.state.albums.error?.code, "request.offline")
    XCTAssertEqual(store.state.account.error?.code, "request.offline")
    XCTAssertEqual(store.state.video.error?.code, "request.offline")
    XCTAssertEqual(store.state.unreachable, [:], "nothing observed: the frontend said so")
    try store.send(.feed(.setConnectivity(online: true)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .loaded, "back online, the albums load by themselves")
    XCTAssertEqual(store.state.video.status, .ready, "and the video is picked again")
    XCTAssertEqual(albums.calls.value, 1)
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }
}
