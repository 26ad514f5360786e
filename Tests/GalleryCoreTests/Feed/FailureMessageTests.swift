import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 18 item 4: a failure says what happened. An image over the limit says it is too
/// large and what the limit is; an album with no photos says so (no request failed); a 429's
/// "try again in 30 seconds" is kept: until then a retry is refused with the seconds left.
final class FailureMessageTests: XCTestCase {
  func testAnImageLargerThanTheCacheSaysItIsTooLargeAndNamesTheLimit() throws {
    let dir = TemporaryDirectory()
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(),
      options: .init(durability: .none, imageCacheBytes: 1024))
    try store.signInToDemo()
    let key = try XCTUnwrap(store.state.feed.items.first?.key)
    try store.send(.images(.prefetch([key])))
    store.waitUntilIdle()
    let thumbnail = store.state.feed.items[0].thumbnail
    XCTAssertEqual(thumbnail.status, .failed)
    XCTAssertEqual(thumbnail.error?.code, "image.tooLarge")
    XCTAssertEqual(thumbnail.error?.message, "This image is larger than 1 KB, the most the app keeps.")
    XCTAssertEqual(thumbnail.error?.retryable, false, "the same image would fail the same way")
    XCTAssertEqual(thumbnail.error?.args, ["limit": "1 KB"], "the limit, and no empty detail")
  }

  /// Issue 29, item 11: a size set in decimal megabytes reads as it was set, a binary one too,
  /// and the server's words are kept as `detail` only when it said some.
  func testLimitsReadAsTheyWereSetAndADetailOnlyWhenTheServerSaidOne() {
    func text(_ bytes: Int) -> String {
      RequestFailure(kind: .tooLarge, limitBytes: bytes, reason: "image.tooLarge").message.message
    }
    XCTAssertEqual(text(5_000_000), "This image is larger than 5 MB, the most the app keeps.")
    XCTAssertEqual(text(20 << 20), "This image is larger than 20 MB, the most the app keeps.")
    XCTAssertEqual(text(2_621_440), "This image is larger than 2.5 MB, the most the app keeps.")
    let said = RequestFailure(kind: .rejected, serverMessage: "user not found", reason: "auth.rejected")
    XCTAssertEqual(said.message.args["detail"], "user not found")
    let unsuccessful = RequestFailure(kind: .http, serverMessage: "Imgur is over capacity.")
    XCTAssertEqual(unsuccessful.message.code, "request.unsuccessful")
    XCTAssertEqual(
      unsuccessful.message.message,
      "The server said the request did not succeed. Try again. The server said: “Imgur is over capacity.”")
  }

  /// Demo albums where album 1 has no photos.
  struct AlbumsWithAnEmptyOne: AlbumsProvider {
    var name: String { "demo" }
    private var demo: any AlbumsProvider { GalleryEnvironment().albums }
    func albums() async -> Result<[AlbumInfo], RequestFailure> { await demo.albums() }
    func users() async -> Result<[Owner], RequestFailure> { await demo.users() }
    func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure> {
      albumID == 1 ? .success([]) : await demo.photos(albumID: albumID)
    }
  }

  func testAnAlbumWithNoPhotosSaysSoInsteadOfAnHTTPError() throws {
    let dir = TemporaryDirectory()
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment().with { $0.albums = AlbumsWithAnEmptyOne() },
      options: .init(durability: .none))
    try store.send(.navigation(.adoptShape(AppShape(signIn: .none, home: .albums))))
    store.waitUntilIdle()
    try store.send(.images(.prefetch(["album:1", "album:2"])))
    store.waitUntilIdle()
    let previews = Dictionary(uniqueKeysWithValues: store.state.albums.all.map { ($0.id, $0.preview) })
    XCTAssertEqual(previews[1]?.status, .failed)
    XCTAssertEqual(previews[1]?.error?.code, "albums.noPhotos")
    XCTAssertEqual(previews[1]?.error?.message, "This album has no photos, so it has no preview.")
    XCTAssertEqual(previews[1]?.error?.retryable, false)
    XCTAssertEqual(previews[1]?.error?.args, [:], "no empty detail (issue 29, item 11)")
    XCTAssertEqual(previews[2]?.status, .loaded)
  }

  func testARetryBeforeTheRateLimitsDelayIsRefusedWithTheSecondsLeft() throws {
    let dir = TemporaryDirectory()
    let now = Locked<Int64>(1_795_000_000_000)
    let feed = SwitchedFeed(
      failing: RequestFailure(kind: .http, status: 429, serverMessage: "slow down", retryAfterSeconds: 30))
    var environment = GalleryEnvironment()
    environment.feed = feed
    let store = try Store(
      dataDirectory: dir.path, environment: environment,
      options: .init(durability: .none, clock: { now.value }))
    try store.signInToDemo()
    XCTAssertEqual(store.state.feed.error?.code, "request.rateLimited")
    XCTAssertEqual(
      store.state.rateLimited["feed"], RateLimit(until: ISOTime.format(millis: now.value + 30_000)))
    let calls = feed.calls.value

    now.mutate { $0 += 10_400 }
    XCTAssertThrowsError(try store.send(.feed(.refresh))) { error in
      let rejection = error as? Rejection
      XCTAssertEqual(rejection?.code, "request.retryTooSoon")
      XCTAssertEqual(rejection?.args["seconds"], "20", "whole seconds left, rounded up")
      XCTAssertEqual(rejection?.message, "Too many requests: try again in 20 seconds.")
    }
    XCTAssertThrowsError(try store.send(.feed(.loadMore)))
    XCTAssertEqual(feed.calls.value, calls, "no request went out")

    now.mutate { $0 += 20_000 }
    feed.failure.mutate { $0 = nil }
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(feed.calls.value, calls + 1)
    XCTAssertEqual(store.state.feed.status, .loaded)
    XCTAssertEqual(store.state.rateLimited, [:], "an answer clears the wait")
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }
}
