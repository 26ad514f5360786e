import GalleryCore
import JSON
import XCTest

/// The state's parts are held `@CopyOnWrite`: a copy shares them until one is written, a write
/// never reaches the other copy, and the storage is invisible to coding and equality.
final class CopyOnWriteTests: XCTestCase {
  func testACopySharesItsPartsUntilOneIsWrittenAndTheOtherKeepsItsValue() {
    var a = AppState()
    a.feed.query = "owl"
    let b = a
    XCTAssertTrue(CopyOnWrite.shared(a.$feed, b.$feed), "a copy shares the part")
    a.feed.query = "fox"
    XCTAssertFalse(CopyOnWrite.shared(a.$feed, b.$feed), "a write while shared takes its own storage")
    XCTAssertEqual(b.feed.query, "owl", "the other copy keeps its value")
    XCTAssertTrue(CopyOnWrite.shared(a.$albums, b.$albums), "parts not written stay shared")
    var c = b
    c.feed = b.feed
    XCTAssertEqual(c, b, "equal values in storages of their own are equal")
    XCTAssertFalse(CopyOnWrite.shared(c.$feed, b.$feed))
  }

  func testAPatchOfACopyWithOnePartWrittenIsThatPartsChangeAlone() throws {
    var state = AppState()
    state.feed.items = (1...50).map {
      FeedItem(
        photo: Photo(
          key: "p:\($0)", providerID: "\($0)", width: 1, height: 1, author: "a", pageURL: "u",
          thumbnailURL: "t",
          largeURL: "l"))
    }
    var next = state
    next.login.email.value = "a@b.co"
    XCTAssertEqual(
      try StatePatch.diff(state, next),
      [JSONPatch.Operation(.replace, "/login/email/value", .string("a@b.co"))])
    XCTAssertEqual(
      try StatePatch.diff(state, next), JSONPatch.diff(try AppState.view(state), try AppState.view(next)))
  }

  func testTheStorageIsNeitherEncodedNorNeededToDecode() throws {
    var state = AppState()
    state.favorites = FavoritesState()
    let view = try AppState.view(state)
    XCTAssertNil(view["feed"]?["storage"], "encoded as its value alone")
    // The view leaves the core-only members out; each part's own defaults fill them in.
    XCTAssertEqual(try JSONValueDecoder().decode(AppState.self, from: view), state)
    XCTAssertEqual(try JSONCoding.decode(AppState.self, from: try JSONCoding.encode(state)), state)
  }
}
