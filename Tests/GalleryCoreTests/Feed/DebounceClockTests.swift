import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// The search debounce on a clock the test moves: typing searches once, 300 ms after the
/// last keystroke, and a keystroke inside the window restarts it. No test time passes.
final class DebounceClockTests: XCTestCase {
  func testTypingSearchesOnceThreeHundredMillisecondsAfterTheLastKeystroke() throws {
    let dir = TemporaryDirectory()
    let clock = TestClock()
    var options = Store.Options(durability: .none)
    options.effectClock = clock
    let store = try Store(dataDirectory: dir.path, options: options)
    try store.send(.auth(.setEmail(.login, "test@mail.com")))
    try store.send(.auth(.setPassword(.login, Secret("123456"))))
    try store.send(.auth(.submit(.login)))
    XCTAssertTrue(store.waitUntilIdle(timeout: 10), "the sign-in and the first page")
    let loads = {
      var found: [EventRecord] = []
      let cursor = try LogCursor(path: dir.path + "/events.jsonl")
      while let record = try cursor.next() { if record.type == "feed.loadStarted" { found.append(record) } }
      return found
    }
    let before = try loads().count

    try store.send(.feed(.setQuery("o")))
    XCTAssertTrue(clock.waitForSleepers(1), "the debounce is waiting")
    clock.advance(by: 200)
    try store.send(.feed(.setQuery("ow")))
    XCTAssertTrue(clock.waitForSleepers(2), "a second debounce is waiting beside the first")
    clock.advance(by: 100)  // the first one is due: it fires, and finds itself superseded
    XCTAssertEqual(clock.pending, 1)
    clock.advance(by: 199)
    XCTAssertEqual(clock.pending, 1, "299 ms after the last keystroke nothing has fired")
    clock.advance(by: 1)
    XCTAssertTrue(store.waitUntilIdle(timeout: 10))
    let after = try loads()
    XCTAssertEqual(after.count, before + 1, "one search for two keystrokes")
    XCTAssertEqual(store.state.feed.activeQuery, "ow")
    XCTAssertEqual(store.state.feed.status, .loaded)
  }
}
