import EventStore
import Foundation
import GalleryTesting
import JSON
import XCTest

@testable import GalleryCore

/// Favorites (issue 30's proof): a photo from the feed, the open photo or an album is kept as
/// its screen showed it, from the favorites tab it opens with its large image and is
/// forgotten; it works offline and a restart rebuilds the same list from the log.
final class FavoritesTests: XCTestCase {
  private func open(_ dir: TemporaryDirectory) throws -> Store {
    try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(),
      options: .init(durability: .none, timerScale: 0))
  }

  private func refusal(_ body: () throws -> Void) -> Rejection? {
    do { try body() } catch let rejection as Rejection { return rejection } catch {
      XCTFail("\(error)")
    }
    return nil
  }

  func testKeepOpenForgetOfflineAndAfterARestart() throws {
    let dir = TemporaryDirectory()
    let s = try open(dir)
    try s.send(.navigation(.adoptShape(AppShape(signIn: .none))))
    s.waitUntilIdle()
    let items = s.state.feed.items
    XCTAssertGreaterThanOrEqual(items.count, 3, "the demo feed loaded")

    // From the feed, as the row shows it; a second add of the same photo records nothing.
    let first = items[0]
    XCTAssertEqual(try s.send(.favorites(.add(key: first.key))).events.map(\.type), ["favorites.added"])
    XCTAssertEqual(try s.send(.favorites(.add(key: first.key))).events.count, 0)
    let kept = try XCTUnwrap(s.state.favorites.items.first)
    XCTAssertEqual(kept.key, "favorite:" + first.key)
    XCTAssertEqual(kept.card.source, first.key)
    XCTAssertEqual(kept.card.title, first.photo.alt)
    XCTAssertEqual(kept.card.author, first.photo.author)
    XCTAssertEqual(kept.card.thumbnailURL, first.photo.thumbnailURL)
    XCTAssertEqual(kept.card.imageURL, first.photo.largeURL)
    XCTAssertEqual(
      refusal { try s.send(.favorites(.add(key: "pixabay:404"))) }?.code, "favorites.notShown",
      "a key no screen shows")

    // Offline: nothing to ask a provider, so it is kept all the same; newest first.
    try s.send(.feed(.setConnectivity(online: false)))
    try s.send(.favorites(.add(key: items[1].key)))
    XCTAssertEqual(s.state.favorites.items.map(\.card.source), [items[1].key, first.key])
    try s.send(.feed(.setConnectivity(online: true)))
    s.waitUntilIdle()

    // An album's photo.
    try s.send(.navigation(.open(.albums)))
    s.waitUntilIdle()
    let albumID = try XCTUnwrap(s.state.albums.all.first?.id)
    try s.send(.albums(.open(albumID: albumID)))
    s.waitUntilIdle()
    let albumPhoto = try XCTUnwrap(s.state.album?.photos.first)
    try s.send(.favorites(.add(key: albumPhoto.key)))
    XCTAssertEqual(s.state.favorites.items.first?.card.title, albumPhoto.photo.title)
    XCTAssertEqual(s.state.favorites.items.first?.card.imageURL, albumPhoto.photo.url)

    // The tab lists them; opening one pushes its screen and loads its large image.
    XCTAssertEqual(
      refusal { try s.send(.favorites(.open(key: kept.key))) }?.code, "nav.notShown",
      "opened from the favorites tab only")
    try s.send(.navigation(.open(.favorites)))
    XCTAssertEqual(s.state.route.map(\.screen), [.favorites])
    try s.send(.images(.prefetch(s.state.favorites.items.map(\.key))))
    try s.send(.favorites(.open(key: kept.key)))
    s.waitUntilIdle()
    XCTAssertEqual(s.state.route.map(\.screen), [.favorites, .favorite])
    XCTAssertEqual(s.state.favorites.open?.key, kept.key)
    XCTAssertEqual(s.state.favorites.open?.image.status, .loaded)
    XCTAssertEqual(Set(s.state.favorites.items.map(\.thumbnail.status)), [.loaded])

    // Forgetting the open one closes it; a key not kept is refused.
    try s.send(.favorites(.remove(key: first.key)))
    XCTAssertNil(s.state.favorites.open)
    XCTAssertEqual(s.state.route.map(\.screen), [.favorites])
    XCTAssertEqual(s.state.favorites.items.count, 2)
    XCTAssertEqual(refusal { try s.send(.favorites(.remove(key: first.key))) }?.code, "favorites.unknown")
    s.waitUntilIdle()
    let before = s.state.favorites.items.map(\.card)

    // A restart rebuilds them from the log.
    try s.close()
    let reopened = try open(dir)
    XCTAssertEqual(reopened.state.favorites.items.map(\.card), before)
    XCTAssertEqual(reopened.state.tab, .favorites)
  }

  func testTheTabIsDeclaredAfterTheVideoAndCanBeHome() {
    XCTAssertEqual(Tab.allCases, [.feed, .albums, .account, .video, .favorites, .settings])
    XCTAssertTrue(AppShape.homes.contains(.favorites))
    XCTAssertTrue(Route.Screen.all.contains(.favorite))
  }

  /// Issue 45, item 6: favorites belong to the signed-in account. A different user who signs
  /// in on the same device sees none of the first one's; the first one's come back with their
  /// sign-in; signed out, the device has its own list; a restart and a replay agree; other
  /// accounts' lists are never shown to a client.
  func testEachAccountHasItsOwnFavoritesAndTheDeviceItsOwn() throws {
    let dir = TemporaryDirectory()
    var environment = GalleryEnvironment()
    environment.auth = ScriptedAuthBackend { _, _, _ in .success(AuthGrant(token: Secret("t"))) }
    let open = {
      try Store(
        dataDirectory: dir.path, environment: environment, options: .init(durability: .none, timerScale: 0))
    }
    var s = try open()
    func signIn(_ email: String) throws {
      try s.send(.auth(.setEmail(.login, email)))
      try s.send(.auth(.setPassword(.login, Secret("123456"))))
      try s.send(.auth(.submit(.login)))
      s.waitUntilIdle()
      XCTAssertEqual(s.state.session.email, email)
    }
    func keep(_ index: Int) throws {
      try s.send(.favorites(.add(key: s.state.feed.items[index].key)))
    }
    try signIn("ana@mail.com")
    try keep(0)
    try keep(1)
    let anas = s.state.favorites.items.map(\.key)
    XCTAssertEqual(anas.count, 2)

    try s.send(.auth(.logout))
    s.waitUntilIdle()
    XCTAssertEqual(s.state.favorites.items, [], "signed out, the device's own list: empty")
    try signIn("bo@mail.com")
    XCTAssertEqual(s.state.favorites.items, [], "Bo sees none of Ana's")
    try keep(2)
    XCTAssertEqual(s.state.favorites.items.count, 1)
    let view = try AppState.view(s.state)
    XCTAssertNil(view["favorites"]?["others"], "other accounts' lists are not in the view")
    XCTAssertNil(view["favorites"]?["owner"])

    try s.send(.auth(.logout))
    s.waitUntilIdle()
    try signIn("ana@mail.com")
    XCTAssertEqual(s.state.favorites.items.map(\.key), anas, "Ana's are back")
    XCTAssertTrue(
      s.state.favorites.items.allSatisfy { $0.thumbnail.status == .notRequested }, "fetched again when shown")

    let live = s.state
    try s.close()
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl").favorites, live.favorites)
    s = try open()
    XCTAssertEqual(s.state.favorites.items.map(\.key), anas, "a restart keeps whose they are")
    try s.send(.auth(.logout))
    s.waitUntilIdle()
    try signIn("bo@mail.com")
    XCTAssertEqual(s.state.favorites.items.count, 1, "Bo's one, kept across the restart")
    try s.close()
  }

  /// A state written before favorites had owners (format 3) upgrades to format 4: the
  /// favorites kept while someone is signed in become that account's; signed out, the
  /// device's.
  func testAnOlderStatesFavoritesBecomeTheSignedInAccounts() throws {
    var state = AppState()
    state.session.status = .signedIn
    state.session.email = "ana@mail.com"
    state.favorites.items = [FavoriteItem(card: .persistedDefaults)]
    guard case .object(var root) = try JSONValue(encoding: state),
      case .object(var favorites)? = root["favorites"]
    else { return XCTFail("a state encodes as an object") }
    favorites["owner"] = nil
    root["favorites"] = .object(favorites)
    let upgraded = try StateFormat.decode(JSONWriter.bytes(.object(root)), version: 3)
    XCTAssertEqual(upgraded.favorites.owner, "ana@mail.com")
    XCTAssertEqual(upgraded.favorites.items.count, 1)

    root["session"] = try JSONValue(encoding: Session())
    let signedOut = try StateFormat.decode(JSONWriter.bytes(.object(root)), version: 3)
    XCTAssertNil(signedOut.favorites.owner, "signed out: the device's")
    XCTAssertEqual(StateFormat.current, 4)
  }
}
