import JSON
import XCTest

@testable import GalleryCore

/// The feed's key table is a lookup aid, not state: it never changes what a state says, what
/// it encodes or how it compares, and a stale one can only cost a search.
final class FeedKeyIndexTests: XCTestCase {
  private func rows(_ numbers: [Int]) -> [FeedItem] {
    numbers.map { FeedItem(photo: FeedMachineTests.photo($0)) }
  }

  private func table(_ rows: [FeedItem]) -> KeyPositions {
    var table = KeyPositions(capacity: rows.count)
    for i in rows.indices { table.insert(rows[i].key, at: i) }
    return table
  }

  func testAStaleTableIsNeverTrustedAndTheRowsAreSearchedInstead() {
    var feed = FeedState()
    feed.items = rows([1, 2, 3, 4])
    feed.keyIndex = FeedKeyIndex(table(feed.items))
    XCTAssertEqual(feed.index(of: "p:3"), 2)
    XCTAssertNotNil(feed.keyIndex.table(describing: feed.items))
    // The same number of rows, other keys and another order: every answer is still right.
    feed.items = rows([4, 3, 9, 1])
    XCTAssertNil(feed.keyIndex.table(describing: feed.items), "it no longer describes the rows")
    for (i, key) in ["p:4", "p:3", "p:9", "p:1"].enumerated() { XCTAssertEqual(feed.index(of: key), i, key) }
    XCTAssertNil(feed.index(of: "p:2"))
    feed.items.removeLast()
    XCTAssertNil(feed.keyIndex.table(describing: feed.items), "fewer rows")
  }

  func testItIsNeitherComparedNorEncoded() throws {
    var a = FeedState()
    a.items = rows([1, 2])
    var b = a
    b.keyIndex = FeedKeyIndex(table(b.items))
    XCTAssertEqual(a, b, "states equal but for the table are equal")
    let encoded = try AppState.view(b)
    guard case .object(let members) = encoded else { return XCTFail("\(encoded)") }
    XCTAssertNil(members["keyIndex"])
    let snapshot = try JSONValueEncoder().encodeBytes(b)
    XCTAssertFalse(String(decoding: snapshot, as: UTF8.self).contains("keyIndex"))
    let decoded = try JSONTapeDecoder().decode(FeedState.self, from: snapshot)
    XCTAssertEqual(decoded, b)
    XCTAssertNil(decoded.keyIndex.table(describing: decoded.items), "a decoded state starts without one")
  }

  /// A next page after rows changed behind the table's back (a test writing them, an older
  /// state) still drops exactly the repeats.
  func testANextPageAfterTheRowsChangedDropsExactlyTheRepeats() {
    var state = AppState()
    state.route = [Route(.home)]
    state.feed.items = rows([1, 2])
    state.feed.keyIndex = FeedKeyIndex(table(state.feed.items))
    state.feed.items = rows([5, 6])  // the table now names 1 and 2
    state.feed.status = .loadingMore
    state.feed.pendingLoad = .init(requestID: 3, mode: .more, page: 2, query: "")
    let page = FeedPage(
      photos: [FeedMachineTests.photo(1), FeedMachineTests.photo(6), FeedMachineTests.photo(7)], hasMore: true
    )
    AppMachine.reduce(into: &state, Event(FeedEvents.PageLoaded(requestID: 3, page: page)))
    XCTAssertEqual(state.feed.items.map(\.key), ["p:5", "p:6", "p:1", "p:7"])
    XCTAssertEqual(state.feed.index(of: "p:7"), 3)
    XCTAssertNotNil(
      state.feed.keyIndex.table(describing: state.feed.items),
      "the fold leaves a table that describes the rows")
  }
}
