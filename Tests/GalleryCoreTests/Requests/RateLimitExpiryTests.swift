import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 29 item 9: a server's asked-for wait (`/rateLimited`) ends by the core's own clock.
/// The entry goes when its time comes (a `requests.waitEnded` event), on the test clock
/// too, and a restart brings the timer back, so no entry outlives its wait.
final class RateLimitExpiryTests: XCTestCase {
  static let start: Int64 = 1_795_000_000_000
  static let tooMany = RequestFailure(
    kind: .http, status: 429, serverMessage: "slow down", retryAfterSeconds: 5)

  func open(_ dir: TemporaryDirectory, _ clock: TestClock, _ feed: SwitchedFeed) throws -> Store {
    var environment = GalleryEnvironment()
    environment.feed = feed
    var options = Store.Options(durability: .none, clock: { clock.milliseconds })
    options.effectClock = clock
    return try Store(dataDirectory: dir.path, environment: environment, options: options)
  }

  /// Signed in to the demo while the feed answers 429 with a 5 s wait, on a test clock.
  func signedInUnderAWait() throws -> (TemporaryDirectory, TestClock, SwitchedFeed, Store) {
    let dir = TemporaryDirectory()
    let clock = TestClock(start: Self.start)
    let feed = SwitchedFeed(failing: Self.tooMany)
    let store = try open(dir, clock, feed)
    try store.signInToDemo()
    return (dir, clock, feed, store)
  }

  func testTheEntryGoesWhenTheWaitIsOverByTheCoresClock() throws {
    let (dir, clock, feed, store) = try signedInUnderAWait()
    XCTAssertEqual(store.state.rateLimited["feed"], RateLimit(until: "2026-11-18T11:06:45.000Z"))
    XCTAssertTrue(clock.waitForSleepers(1), "the wait's deadline sleeps on the clock")

    clock.advance(by: 4_999)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertNotNil(store.state.rateLimited["feed"], "one millisecond before its end it is still there")
    XCTAssertThrowsError(try store.send(.feed(.refresh))) { error in
      XCTAssertEqual((error as? Rejection)?.code, "request.retryTooSoon")
      XCTAssertEqual((error as? Rejection)?.args["seconds"], "1")
    }

    clock.advance(by: 1)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(store.state.rateLimited, [:], "the wait is over: the entry is gone")
    XCTAssertEqual(store.state.feed.status, .failed, "the failure stays until the user retries")
    XCTAssertEqual(try lastTypes(dir, 1), ["requests.waitEnded"])
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)

    feed.failure.mutate { $0 = nil }
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .loaded)
  }

  func testALaterWaitIsNotEndedByTheEarlierOnesTimer() throws {
    let (_, clock, feed, store) = try signedInUnderAWait()
    clock.advance(by: 5_000)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    feed.failure.mutate { $0 = RequestFailure(kind: .http, status: 429, retryAfterSeconds: 60) }
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    let later = try XCTUnwrap(store.state.rateLimited["feed"])
    XCTAssertEqual(later.until, "2026-11-18T11:07:45.000Z")
    clock.advance(by: 59_999)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(store.state.rateLimited["feed"], later)
    clock.advance(by: 1)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(store.state.rateLimited, [:])
  }

  func testARestartBringsTheTimerBackAndEndsAWaitAlreadyOver() throws {
    let dir = TemporaryDirectory()
    let clock = TestClock(start: Self.start)
    let feed = SwitchedFeed(failing: Self.tooMany)
    do {
      let store = try open(dir, clock, feed)
      try store.signInToDemo()
      XCTAssertNotNil(store.state.rateLimited["feed"])
      // On the settings tab, a restart asks the feed nothing (no answer clears the wait).
      try store.send(.navigation(.open(.settings)))
      try store.close()
    }
    // Two seconds later: three are left.
    let restarted = TestClock(start: Self.start + 2_000)
    do {
      let store = try open(dir, restarted, feed)
      XCTAssertTrue(restarted.waitForSleepers(1), "the timer is back")
      XCTAssertNotNil(store.state.rateLimited["feed"])
      restarted.advance(by: 3_000)
      XCTAssertTrue(store.waitUntilSettled(timeout: 10))
      XCTAssertEqual(store.state.rateLimited, [:])
      try store.close()
    }
    // A wait already over when the process starts ends at once.
    let dir2 = TemporaryDirectory()
    do {
      let store = try open(dir2, clock, feed)
      try store.signInToDemo()
      try store.send(.navigation(.open(.settings)))
      try store.close()
    }
    let late = TestClock(start: Self.start + 3_600_000)
    let store = try open(dir2, late, feed)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(store.state.rateLimited, [:])
    XCTAssertTrue(try lastTypes(dir2, 3).contains("requests.waitEnded"))
  }

  /// Issue 45: a restart keeps a server's wait. On the home tab, the feed's start-up load
  /// waits for the wait recovered from the log to end: the server is not asked before, the
  /// entry stays until then, and the load goes once it is over, after the wait's end.
  func testARestartDuringAWaitAsksTheServerOnlyOnceTheWaitIsOver() throws {
    let (dir, _, feed, first) = try signedInUnderAWait()
    XCTAssertEqual(first.state.tab, .feed, "the feed is home")
    XCTAssertNotNil(first.state.rateLimited["feed"])
    try first.close()
    feed.failure.mutate { $0 = nil }
    let asked = feed.calls.value
    // Two seconds later: three are left.
    let restarted = TestClock(start: Self.start + 2_000)
    let store = try open(dir, restarted, feed)
    XCTAssertTrue(restarted.waitForSleepers(2), "the wait's end and the load waiting for it")
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(feed.calls.value, asked, "the server is not asked during its wait")
    XCTAssertEqual(store.state.rateLimited["feed"], RateLimit(until: "2026-11-18T11:06:45.000Z"))

    restarted.advance(by: 2_999)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(feed.calls.value, asked, "one millisecond before its end, still not")

    restarted.advance(by: 1)
    XCTAssertTrue(store.waitUntilSettled(timeout: 10))
    XCTAssertEqual(feed.calls.value, asked + 1, "asked once, when the wait is over")
    XCTAssertEqual(store.state.rateLimited, [:])
    XCTAssertEqual(store.state.feed.status, .loaded)
    let types = try lastTypes(dir, 3)
    XCTAssertEqual(types.first, "requests.waitEnded", "\(types)")
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state)
  }

  private func lastTypes(_ dir: TemporaryDirectory, _ count: Int) throws -> [String] {
    var types: [String] = []
    let cursor = try LogCursor(path: dir.path + "/events.jsonl")
    while let record = try cursor.next() { types.append(record.type) }
    return Array(types.suffix(count))
  }
}
