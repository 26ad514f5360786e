import GalleryCore
import JSON
import XCTest

/// A list's patch is as small as its change: one operation for one element inserted or
/// removed anywhere, one `replace` of the list when most of it went, each element changed in
/// place on its own; and applied to the old view it always gives the new one.
final class ListPatchTests: XCTestCase {
  func item(_ id: Int) -> FeedItem {
    FeedItem(
      photo: Photo(
        key: "p:\(id)", providerID: "\(id)", width: 1, height: 1, author: "author \(id)", pageURL: "u",
        thumbnailURL: "t", largeURL: "l"))
  }

  func state(_ ids: [Int]) -> AppState {
    var state = AppState()
    state.feed.items = ids.map(item)
    return state
  }

  /// The patch from `old` to `new`, checked to give `new` when applied to `old`.
  func patch(_ old: AppState, _ new: AppState, file: StaticString = #filePath, line: UInt = #line) throws
    -> [JSONPatch.Operation]
  {
    let ops = try StatePatch.diff(old, new)
    XCTAssertEqual(
      try JSONPatch.apply(ops, to: try AppState.view(old)), try AppState.view(new), file: file, line: line)
    return ops
  }

  func testOneInsertedOnTopOrRemovedInTheMiddleIsOneOperation() throws {
    let old = state(Array(1...500))
    var inserted = old
    inserted.feed.items.insert(item(0), at: 0)
    XCTAssertEqual(try patch(old, inserted).map(\.path), ["/feed/items/0"])
    var removed = old
    removed.feed.items.remove(at: 250)
    XCTAssertEqual(try patch(old, removed), [JSONPatch.Operation(.remove, "/feed/items/250")])
  }

  func testAListMostlyGoneIsReplacedWhole() throws {
    let old = state(Array(1...500))
    XCTAssertEqual(try patch(old, state([])), [JSONPatch.Operation(.replace, "/feed/items", .array([]))])
    let firstPage = try patch(old, state(Array(1000...1019)))
    XCTAssertEqual(firstPage.map(\.path), ["/feed/items"])
    // Fewer gone than kept: each change in place, then the removals from the end.
    let trimmed = try patch(old, state(Array(1...400)))
    XCTAssertEqual(trimmed.count, 100)
    XCTAssertEqual(trimmed.first, JSONPatch.Operation(.remove, "/feed/items/499"))
  }

  func testAnElementChangedInACopiedListIsPatchedAlone() throws {
    let old = state(Array(1...500))
    var changed = old
    changed.feed.items[7].photo = item(7000).photo
    XCTAssertEqual(Set(try patch(old, changed).map { $0.path.hasPrefix("/feed/items/7/") }), [true])
  }

  /// A row whose thumbnail changed patches the thumbnail alone, as the diff of the two
  /// encoded rows would; the rows' own patches compare every member they have.
  func testARowsThumbnailIsPatchedAloneAndTheRowsPatchesKnowEveryMember() throws {
    let old = state(Array(1...50))
    var loaded = old
    loaded.feed.items[3].thumbnail.status = .loaded
    loaded.feed.items[3].thumbnail.path = "cache/ab/cd"
    let ops = try patch(old, loaded)
    XCTAssertEqual(Set(ops.map { $0.path.hasPrefix("/feed/items/3/thumbnail/") }), [true], "\(ops)")
    XCTAssertEqual(
      ops, JSONPatch.diff(try AppState.view(old), try AppState.view(loaded)), "what the whole diff says")
    // FeedPatch and FavoritesPatch name these members: one added must be compared there too.
    XCTAssertEqual(WrittenKeys.names(of: item(1)), ["key", "photo", "thumbnail"])
    let card = PhotoCard(
      source: "p:1", title: "t", author: "a", thumbnailURL: "t", imageURL: "l")
    XCTAssertEqual(WrittenKeys.names(of: FavoriteItem(card: card)), ["key", "card", "thumbnail"])
  }
}
