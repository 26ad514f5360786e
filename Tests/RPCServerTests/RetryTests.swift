import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// Issue 29, item 12: one retry for everything. Every message the state holds that says
/// `retryable: true` carries `retry: {method, params}`, no final one does, and calling that
/// method as given retries what failed: a frontend wires one retry button for every screen.
final class RetryTests: XCTestCase {
  /// While `down` is set, every provider below fails with a 503.
  static let unavailable = RequestFailure(kind: .http, status: 503, serverMessage: "maintenance")

  struct Albums: AlbumsProvider {
    let down: Locked<Bool>
    var name: String { "demo" }
    func albums() async -> Result<[AlbumInfo], RequestFailure> {
      down.value ? .failure(RetryTests.unavailable) : await DemoAlbums().albums()
    }
    func users() async -> Result<[Owner], RequestFailure> {
      down.value ? .failure(RetryTests.unavailable) : await DemoAlbums().users()
    }
    func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure> {
      down.value ? .failure(RetryTests.unavailable) : await DemoAlbums().photos(albumID: albumID)
    }
  }

  struct Videos: VideoProvider {
    let down: Locked<Bool>
    var name: String { "demo" }
    func popular(perPage: Int) async -> Result<[Video], RequestFailure> {
      down.value ? .failure(RetryTests.unavailable) : await DemoVideos().popular(perPage: perPage)
    }
  }

  /// Every message in `value` with where it is: (pointer, message object).
  func messages(in value: JSONValue, at pointer: String = "") -> [(String, [String: JSONValue])] {
    switch value {
    case .object(let members):
      if members["code"] != nil, members["retryable"] != nil, members["message"] != nil {
        return [(pointer, members)]
      }
      return members.sorted { $0.key < $1.key }.flatMap { messages(in: $0.value, at: "\(pointer)/\($0.key)") }
    case .array(let items):
      return items.enumerated().flatMap { messages(in: $0.element, at: "\(pointer)/\($0.offset)") }
    default: return []
    }
  }

  /// The retries the state asks for, after checking each retryable message carries one (and
  /// no final one does).
  func retries(_ p: InProcessServer) -> [String: JSONValue] {
    var found: [String: JSONValue] = [:]
    for (pointer, message) in messages(in: p.call(Requests.StateGet())["value"] ?? .null) {
      if message["retryable"] == .bool(true) {
        XCTAssertNotNil(
          message["retry"]?["method"]?.string, "\(pointer) \(message["code"] ?? .null) has no retry")
        if let retry = message["retry"] { found[pointer] = retry }
      } else {
        XCTAssertNil(message["retry"], "\(pointer): a final message offers no retry")
      }
    }
    return found
  }

  /// Calls `retry` as the state gives it; the answer records the retry.
  func call(_ p: InProcessServer, _ retry: JSONValue, file: StaticString = #filePath, line: UInt = #line) {
    guard let method = retry["method"]?.string else { return XCTFail("no method", file: file, line: line) }
    let params = String(decoding: JSONWriter.bytes(retry["params"] ?? .object([:])), as: UTF8.self)
    let answer = p.call(method, params, file: file, line: line)
    XCTAssertNotEqual(
      answer["events"], .array([]), "\(method) \(params) retried nothing", file: file, line: line)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10), file: file, line: line)
  }

  func testEveryRetryableMessageCarriesTheCallThatRetriesIt() throws {
    let down = Locked(true)
    let feed = SwitchedFeed(failing: Self.unavailable)
    let account = SwitchedAccount(failing: Self.unavailable)
    var environment = GalleryEnvironment().with {
      $0.albums = Albums(down: down)
      $0.account = account
      $0.video = Videos(down: down)
    }
    environment.feed = feed
    let p = try InProcessServer(environment: environment)
    _ = p.initialize()
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    p.call(Requests.NavOpen(screen: .albums))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    p.call(Requests.AccountLoadImages())
    p.call(Requests.VideoPlayRandom(width: 640, height: 360, quality: .sd))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))

    let failed = retries(p)
    XCTAssertEqual(failed["/feed/error"]?["method"], .string("feed/refresh"))
    XCTAssertEqual(failed["/albums/error"]?["method"], .string("albums/retry"))
    XCTAssertEqual(failed["/account/error"]?["method"], .string("account/loadImages"))
    XCTAssertEqual(
      failed["/video/error"],
      .object([
        "method": .string("video/playRandom"),
        "params": .object(["width": .number(640), "height": .number(360), "quality": .string("sd")]),
      ]))

    // The servers are back: each retry, called as given, succeeds.
    down.mutate { $0 = false }
    feed.failure.mutate { $0 = nil }
    account.failure.mutate { $0 = nil }
    for (_, retry) in failed.sorted(by: { $0.key < $1.key }) { call(p, retry) }
    let state = p.store.state
    XCTAssertEqual(state.feed.status, .loaded)
    XCTAssertEqual(state.albums.status, .loaded)
    XCTAssertEqual(state.account.imagesStatus, .loaded)
    XCTAssertEqual(state.video.status, .ready)
    XCTAssertEqual(retries(p), [:], "nothing left to retry")

    // A next page that fails is retried by asking for it again.
    feed.failure.mutate { $0 = Self.unavailable }
    p.call(Requests.FeedLoadMore())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let more = retries(p)
    XCTAssertEqual(more["/feed/error"]?["method"], .string("feed/loadMore"))
    feed.failure.mutate { $0 = nil }
    call(p, more["/feed/error"] ?? .null)
    XCTAssertEqual(p.store.state.feed.page, 2)

    // An upload, a delete, an image and a sign-in that failed (offline) name their retries.
    let imageID = try XCTUnwrap(p.store.state.account.images.first?.image.id)
    let thumbnail = try XCTUnwrap(p.store.state.feed.items.last?.key)
    p.call(Requests.ConnectivitySet(online: false))
    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    p.call(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif", title: "Cat"))
    p.call(Requests.AccountDelete(id: imageID))
    p.call(Requests.ImagesPrefetch(keys: [thumbnail]))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let offline = retries(p)
    let upload = try XCTUnwrap(offline["/account/upload/error"])
    XCTAssertEqual(upload["method"], .string("account/upload"))
    XCTAssertEqual(upload["params"]?["fileName"], .string("cat.gif"))
    XCTAssertEqual(upload["params"]?["title"], .string("Cat"))
    XCTAssertEqual(offline["/account/images/0/error"]?["params"], .object(["id": .string(imageID)]))
    let image = try XCTUnwrap(offline.first { $0.key.hasSuffix("/thumbnail/error") }?.value)
    XCTAssertEqual(image["params"], .object(["key": .string(thumbnail)]))

    p.call(Requests.ConnectivitySet(online: true))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    call(p, upload)
    call(p, offline["/account/images/0/error"] ?? .null)
    XCTAssertEqual(p.store.state.account.upload.status, .done)
    XCTAssertFalse(p.store.state.account.images.contains { $0.image.id == imageID }, "deleted")
    call(p, image)
    XCTAssertEqual(p.store.state.feed.items.last?.thumbnail.status, .loaded)
    XCTAssertEqual(
      (try? FileManager.default.contentsOfDirectory(atPath: StagedUploads.folder(in: p.dataDirectory.path)))
        ?? [],
      [], "the staged bytes went once uploaded")

    p.call(Requests.AuthLogout())
    p.call(Requests.ConnectivitySet(online: false))
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let signIn = try XCTUnwrap(retries(p)["/login/error"])
    XCTAssertEqual(signIn["method"], .string("auth/submitLogin"))
    p.call(Requests.ConnectivitySet(online: true))
    call(p, signIn)
    XCTAssertEqual(p.store.state.session.status, .signedIn)
  }
}
