import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

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
}
