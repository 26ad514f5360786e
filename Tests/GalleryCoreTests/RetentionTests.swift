import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Invariant 9: behind the newest snapshot the log keeps a day of history (by default); what
/// is older becomes one `log.base` event, and nothing the user or a debugger sees changes.
final class RetentionTests: XCTestCase {
  private let day: Int64 = 86_400_000

  /// Store options keeping a day, with a clock that ticks a millisecond per read and that
  /// `now` can move forward by days.
  private func options(snapshotEvery: Int = 1000, minimumDrop: UInt64) -> (Store.Options, Locked<Int64>) {
    let now = Locked<Int64>(1_795_000_000_000)
    let tick = Counter()
    var options = Store.Options(
      durability: .none, snapshotEvery: snapshotEvery, clock: { now.value + tick.next() },
      retention: Retention(keepMillis: day, minimumDrop: minimumDrop))
    options.snapshotGrowth = 0  // these tests count snapshots by events alone
    return (options, now)
  }

  func testEventsOlderThanTheWindowBecomeOneBaseAndNothingElseChanges() throws {
    let dir = TemporaryDirectory()
    let (options, now) = options(snapshotEvery: 7, minimumDrop: 10)
    let lastOld: UInt64
    let before: AppState
    do {
      // Written by a build that keeps everything; the next start applies the policy.
      var keepAll = options
      keepAll.retention = nil
      let store = try Store(dataDirectory: dir.path, options: keepAll)
      for k in 1...30 { try store.send(.auth(.setEmail(.login, "user\(k)@mail.com"))) }
      lastOld = store.version
      now.mutate { $0 += 2 * day }
      for k in 1...5 { try store.send(.auth(.setEmail(.login, "late\(k)@mail.com"))) }
      store.waitUntilIdle()
      before = store.state
      try store.close()
    }
    let reopened = try Store(dataDirectory: dir.path, options: options)
    reopened.waitUntilIdle()
    XCTAssertEqual(reopened.recovery.droppedThrough, lastOld)
    XCTAssertEqual(reopened.log.firstSeq, lastOld)
    XCTAssertEqual(reopened.state.login, before.login)
    // The log alone rebuilds the state: its first line carries what the dropped events built.
    let firstLine = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: dir.path + "/events.jsonl")), as: UTF8.self
    )
    .split(separator: "\n")[0]
    XCTAssertTrue(firstLine.hasPrefix("{\"seq\":\(lastOld),") && firstLine.contains("\"type\":\"log.base\""))
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), reopened.state)
    XCTAssertTrue(try LogVerifier.verify(path: dir.path + "/events.jsonl").isClean)
    // History: from the base on as before; before it, refused by name.
    XCTAssertEqual(try reopened.state(at: lastOld).login.email.value, "user30@mail.com")
    XCTAssertEqual(try reopened.state(at: lastOld + 2).login.email.value, "late2@mail.com")
    XCTAssertThrowsError(try reopened.state(at: lastOld - 1)) { error in
      XCTAssertEqual(error as? HistoryError, .beforeRetained(seq: lastOld - 1, firstSeq: lastOld))
    }
    // Snapshots up to the cut are gone (they named lines that are no longer there).
    let kept = SnapshotStore(directory: dir.path + "/snapshots").list().map(\.seq)
    XCTAssertFalse(kept.isEmpty)
    XCTAssertTrue(kept.allSatisfy { $0 > lastOld }, "\(kept)")
    try reopened.close()
    // Nothing older is left to drop: the next start cuts nothing.
    let again = try Store(dataDirectory: dir.path, options: options)
    XCTAssertNil(again.recovery.droppedThrough)
    XCTAssertEqual(again.state.login, before.login)
    try again.close()
  }

  /// A server left running cuts too, after the snapshot that follows the history going stale,
  /// and goes on serving from the same state.
  func testARunningStoreCutsAfterASnapshotAndGoesOn() throws {
    let dir = TemporaryDirectory()
    let (options, now) = options(snapshotEvery: 10, minimumDrop: 15)
    let store = try Store(dataDirectory: dir.path, options: options)
    for k in 1...30 { try store.send(.auth(.setEmail(.login, "user\(k)@mail.com"))) }
    XCTAssertEqual(store.log.firstSeq, 1, "nothing is older than a day yet")
    let lastOld = store.version
    now.mutate { $0 += 2 * day }
    for k in 1...10 { try store.send(.auth(.setEmail(.login, "late\(k)@mail.com"))) }
    XCTAssertEqual(store.log.firstSeq, lastOld, "the snapshot after the jump cut the stale history")
    try store.send(.auth(.setEmail(.login, "after@mail.com")))
    XCTAssertEqual(store.state.login.email.value, "after@mail.com")
    XCTAssertEqual(try readAll(store.log).first?.type, "log.base")
    store.waitUntilIdle()
    let state = store.state
    try store.close()
    XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), state)
    let reopened = try Store(dataDirectory: dir.path, options: options)
    XCTAssertEqual(reopened.state.login, state.login)
    try reopened.close()
  }

  private func readAll(_ log: EventLog) throws -> [EventRecord] {
    let cursor = try log.read(from: 1)
    var out: [EventRecord] = []
    while let r = try cursor.next() { out.append(r) }
    return out
  }

  func testASmallOrRecentHistoryIsKeptWhole() throws {
    let dir = TemporaryDirectory()
    let (options, now) = options(minimumDrop: 50)
    do {
      let store = try Store(dataDirectory: dir.path, options: options)
      for k in 1...20 { try store.send(.auth(.setEmail(.login, "user\(k)@mail.com"))) }
      now.mutate { $0 += 2 * day }
      try store.send(.auth(.setEmail(.login, "late@mail.com")))
      try store.close()
    }
    // 20 old events are fewer than minimumDrop: a cut would cost more than it frees.
    let reopened = try Store(dataDirectory: dir.path, options: options)
    XCTAssertNil(reopened.recovery.droppedThrough)
    XCTAssertEqual(reopened.log.firstSeq, 1)
    try reopened.close()
  }

  func testTheLogStaysUnderItsSizeBoundWhateverTheEventsAge() throws {
    let dir = TemporaryDirectory()
    var options = Store.Options(durability: .none, snapshotEvery: 20)
    options.retention = Retention(keepMillis: day, keepBytes: 1 << 20)
    let store = try Store(dataDirectory: dir.path, options: options)
    let big = String(repeating: "x", count: 20_000)
    for k in 1...300 { try store.send(.auth(.setEmail(.login, "\(k)\(big)"))) }
    store.waitUntilIdle()
    let size = try FileManager.default.attributesOfItem(atPath: dir.path + "/events.jsonl")[.size] as! Int
    XCTAssertLessThan(
      size, (1 << 20) + 20 * 20_200, "at most the bound and the events since the last snapshot")
    XCTAssertGreaterThan(store.log.firstSeq, 1, "the oldest events went, though none is a day old")
    XCTAssertEqual(
      try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, "the log alone rebuilds it")
    try store.close()
  }

  /// Issue 28, item 8: the size bound is checked on every append, not only every thousand
  /// events: 300 keystrokes of 65 KB under a 1 MB bound leave about the bound.
  func testTheSizeBoundHoldsAfterEveryAppendNotJustAtSnapshots() throws {
    let dir = TemporaryDirectory()
    var options = Store.Options(durability: .none)
    XCTAssertEqual(options.snapshotEvery, 1000)
    options.retention = Retention(keepMillis: day, keepBytes: 1 << 20)
    let store = try Store(dataDirectory: dir.path, options: options)
    let big = String(repeating: "x", count: 65_000)
    var largest = 0
    for k in 1...300 {
      try store.send(.auth(.setEmail(.login, "\(k)\(big)")))
      largest = max(largest, Int(store.log.byteCount))
    }
    XCTAssertLessThanOrEqual(largest, (1 << 20) + 65_300, "never more than the bound and one event")
    XCTAssertEqual(
      try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, "the log alone rebuilds it")
    try store.close()
  }

  /// A state larger than the size bound cannot be cut under it: appends after that do not
  /// each pay a snapshot and a fold; the next try waits for a quarter of the bound more.
  func testAStateLargerThanTheBoundDoesNotMakeEveryAppendASnapshot() throws {
    let dir = TemporaryDirectory()
    var options = Store.Options(durability: .none)
    options.retention = Retention(keepMillis: day, keepBytes: 1 << 20)
    let store = try Store(dataDirectory: dir.path, options: options)
    // An email field of 1.2 MB: the state alone is over the bound.
    try store.send(.auth(.setEmail(.login, String(repeating: "x", count: 1_200_000))))
    for k in 0..<50 { try store.send(.feed(.setConnectivity(online: k % 2 == 0))) }
    let newest = SnapshotStore(directory: dir.path + "/snapshots").list().first?.seq ?? 0
    XCTAssertLessThan(newest + 40, store.log.lastSeq, "no snapshot at each of the last 50 appends")
    try store.close()
  }
}
