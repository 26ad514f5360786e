import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Albums over real HTTP against a fake JSONPlaceholder on 127.0.0.1 (its formats, our data).
final class AlbumsStoreTests: XCTestCase {
  /// Owners 1 "Zoë Zed", 2 "ángel Abe"; albums 1...4; album 2's photos share one image URL;
  /// album 3's images live on a dead host. `first` forces which of albums/users answers first.
  final class FakeJSONPlaceholder: @unchecked Sendable {
    let failing = Locked<Set<String>>([])
    let first = Locked("albums")
    /// Opened by the test once the first half is recorded: the second answer waits for it.
    let gate = DispatchSemaphore(value: 0)
    var server: FakeHTTPServer!

    init() throws {
      server = try FakeHTTPServer { [self] request in
        if failing.value.contains(request.path) { return .json("{}", status: 500) }
        let base = "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "0")"
        switch request.path {
        case "/albums":
          if first.value == "users" { gate.wait() }
          return .json(
            #"[{"userId":1,"id":1,"title":"Quidem molestiae"},{"userId":2,"id":2,"title":"Sunt qui excepturi"},{"userId":1,"id":3,"title":"Omnis laborum"},{"userId":2,"id":4,"title":"Non esse culpa"}]"#
          )
        case "/users":
          if first.value == "albums" { gate.wait() }
          return .json(
            #"[{"id":1,"name":"Zoë Zed","username":"z","address":{"city":"x"}},{"id":2,"name":"ángel Abe","username":"a"}]"#
          )
        case "/photos":
          let album = Int(request.query["albumId"] ?? "") ?? 0
          let photos = (1...3).map { k -> String in
            let id = album * 10 + k
            let host = album == 3 ? "http://127.0.0.1:9" : base
            let image = album == 2 ? "shared" : String(id)
            return
              #"{"albumId":\#(album),"id":\#(id),"title":"p\#(id)","url":"\#(host)/img/\#(image)-600.png","thumbnailUrl":"\#(host)/img/\#(image)-150.png"}"#
          }
          return .json("[" + photos.joined(separator: ",") + "]")
        default:
          if request.path.hasPrefix("/img/") {
            return .init(
              headers: ["Content-Type": "image/png"],
              body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 9]))
          }
          return .json("{}", status: 404)
        }
      }
    }
  }

  func open(_ dir: TemporaryDirectory, _ fake: FakeJSONPlaceholder) throws -> Store {
    try Store(
      dataDirectory: dir.path,
      environment: GalleryEnvironment(images: ImageSource(http: DefaultHTTPClient.make(), timeout: 2))
        .with {
          $0.albums = JSONPlaceholderProvider(
            baseURL: fake.server.baseURL, http: DefaultHTTPClient.make(), timeout: 5)
        },
      options: .init(durability: .none, timerScale: 0))
  }

  func testGroupingWaitsForBothHalvesInEitherOrder() throws {
    for order in ["albums", "users"] {
      let fake = try FakeJSONPlaceholder()
      fake.first.mutate { $0 = order }
      let dir = TemporaryDirectory()
      let store = try open(dir, fake)
      let firstHalf = order == "albums" ? "albums.albumsArrived" : "albums.ownersArrived"
      let observation = store.observe { change in
        if change.events.contains(where: { $0.type == firstHalf }) { fake.gate.signal() }
      }
      try store.send(.albums(.load))
      store.waitUntilIdle()
      observation.cancel()
      let types = try LogCursorEvents.types(dir.path + "/events.jsonl").filter { $0.hasPrefix("albums.") }
      XCTAssertEqual(
        types,
        [
          "albums.loadStarted", order == "albums" ? "albums.albumsArrived" : "albums.ownersArrived",
          order == "albums" ? "albums.ownersArrived" : "albums.albumsArrived",
        ])
      // The state between the two halves: still loading, no grouping shown as final.
      let half = try store.state(at: store.version - 1)
      XCTAssertEqual(half.albums.status, .loading)
      XCTAssertEqual(half.albums.sections, [])
      let state = store.state.albums
      XCTAssertEqual(state.status, .loaded)
      XCTAssertEqual(
        state.sections.map(\.title), ["ángel Abe", "Zoë Zed"], "sections by owner name, accents folded")
      XCTAssertEqual(state.sections.map(\.albumIds), [[2, 4], [1, 3]], "albums by id")
      XCTAssertNil(state.notice)
      XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
    }
  }

  func testUsersFailingGiveOneSectionAndANoticeAlbumsFailingGiveAnErrorThatRetryClears() throws {
    let fake = try FakeJSONPlaceholder()
    fake.first.mutate { $0 = "none" }
    fake.failing.mutate { $0 = ["/users"] }
    let dir = TemporaryDirectory()
    let store = try open(dir, fake)
    try store.send(.albums(.load))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .loaded)
    XCTAssertEqual(store.state.albums.sections.count, 1)
    XCTAssertNil(store.state.albums.sections[0].title)
    XCTAssertEqual(store.state.albums.sections[0].albumIds, [1, 2, 3, 4])
    XCTAssertEqual(store.state.albums.notice?.code, "albums.ownersMissing")
    XCTAssertEqual(store.state.albums.notice?.retryable, true)
    // Issue 29, item 3: the notice says retryable, and albums/retry does retry it.
    fake.failing.mutate { $0 = [] }
    try store.send(.albums(.retry))
    store.waitUntilIdle()
    XCTAssertNil(store.state.albums.notice, "owners came back")
    XCTAssertEqual(store.state.albums.sections.count, 2)

    fake.failing.mutate { $0 = ["/albums"] }
    try store.send(.albums(.load))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .failed)
    XCTAssertEqual(store.state.albums.error?.code, "request.serverError")
    XCTAssertEqual(store.state.albums.error?.retryable, true)
    fake.failing.mutate { $0 = [] }
    try store.send(.albums(.retry))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .loaded)
    XCTAssertNil(store.state.albums.error)
    XCTAssertEqual(store.state.albums.sections.count, 2)
    XCTAssertThrowsError(try store.send(.albums(.retry)))
  }

  func testSearchPreviewsPhotosSharedURLsDeadHostsAndRetry() throws {
    let fake = try FakeJSONPlaceholder()
    fake.first.mutate { $0 = "none" }
    let dir = TemporaryDirectory()
    let store = try open(dir, fake)
    // Pixxy's shape: no sign-in, the albums are home and load when shown.
    try store.send(.navigation(.adoptShape(AppShape(signIn: .none, home: .albums))))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.albums.status, .loaded)
    try store.send(.albums(.setSearch("ANGEL")))
    XCTAssertEqual(
      store.state.albums.sections.map(\.title), ["ángel Abe"], "owner name, case and accents ignored")
    try store.send(.albums(.setSearch("laborum")))
    XCTAssertEqual(store.state.albums.sections.map(\.albumIds), [[3]], "album title")
    try store.send(.albums(.setSearch("")))
    XCTAssertEqual(store.state.albums.sections.count, 2)

    try store.send(.images(.prefetch(["album:1", "album:3"])))
    store.waitUntilIdle()
    let previews = Dictionary(uniqueKeysWithValues: store.state.albums.all.map { ($0.id, $0.preview.status) })
    XCTAssertEqual(previews[1], .loaded, "album 1's preview is its first photo's thumbnail")
    XCTAssertEqual(previews[3], .failed, "a dead image host ends broken, not spinning")

    try store.send(.albums(.open(albumID: 2)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.route.last, Route(.album, id: "2"))
    XCTAssertEqual(store.state.album?.photos.count, 3)
    try store.send(.images(.prefetch(["photo:21", "photo:22", "photo:23"])))
    store.waitUntilIdle()
    let shared = store.state.album!.photos.map(\.thumbnail)
    XCTAssertEqual(
      Set(shared.map(\.status)), [.loaded], "three photos sharing one URL each have their own state")
    XCTAssertEqual(Set(shared.compactMap(\.path)).count, 1, "and one cached file")
    try store.send(.albums(.openPhoto(photoID: 22)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.photo?.image.status, .loaded)
    XCTAssertEqual(store.state.route.map(\.screen), [.albums, .album, .photo])
    try store.send(.navigation(.back))
    try store.send(.navigation(.back))
    XCTAssertNil(store.state.album)

    fake.failing.mutate { $0 = ["/photos"] }
    try store.send(.albums(.open(albumID: 4)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.album?.status, .failed)
    XCTAssertEqual(store.state.album?.error?.retryable, true)
    fake.failing.mutate { $0 = [] }
    try store.send(.albums(.retry))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.album?.status, .loaded)
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }
}
