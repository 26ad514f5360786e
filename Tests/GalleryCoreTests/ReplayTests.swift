import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// `Replay.fold` reads and decodes on a second thread: it must fold exactly what a plain
/// one-event-at-a-time loop folds, in order, and fail exactly where that loop would.
final class ReplayTests: XCTestCase {
  /// 5,000 events (many of the pipeline's batches), some appended as atomic batches of three
  /// so batches of the log straddle the pipeline's.
  private func writeLog(_ path: String, unknownAt: Int? = nil) throws {
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    var seq = 0
    while seq < 5000 {
      var events: [NewEvent] = []
      for k in 0..<(seq % 7 == 0 ? 3 : 1) {
        let s = seq + k + 1
        if s == unknownAt {
          events.append(NewEvent(type: "feed.fromTheFuture", data: Array("{}".utf8)))
        } else {
          events.append(
            try EventCodec.encode(
              Event(AuthEvents.FieldEdited(form: .login, field: .email, value: "user\(s)@mail.com"))))
        }
      }
      try log.append(events)
      seq += events.count
    }
    try log.close()
  }

  /// The reference: one record at a time, on this thread.
  private func plainFold(_ path: String, through: UInt64) throws -> AppState {
    let cursor = try LogCursor(path: path, through: through)
    var state = AppState()
    while let r = try cursor.next() { AppMachine.reduce(into: &state, try EventCodec.decode(r)) }
    return state
  }

  func testFoldsEveryEventInOrderAsAPlainLoopDoes() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/events.jsonl"
    try writeLog(path)
    var seen: [UInt64] = []
    let result = try Replay.fold(try LogCursor(path: path), into: AppState()) { record, _, _ in
      seen.append(record.seq)
      return true
    }
    XCTAssertEqual(seen, Array(1...seen.last!))
    XCTAssertEqual(result.lastSeq, seen.last)
    XCTAssertGreaterThanOrEqual(seen.count, 5000)
    XCTAssertEqual(result.state, try plainFold(path, through: result.lastSeq))
    XCTAssertEqual(result.state.login.email.value, "user\(seen.count)@mail.com")
  }

  func testStoppingEarlyReturnsTheStateThereAndLetsGoOfTheCursor() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/events.jsonl"
    try writeLog(path)
    let cursor = try LogCursor(path: path)
    let result = try Replay.fold(cursor, into: AppState()) { record, _, _ in record.seq < 3000 }
    XCTAssertEqual(result.lastSeq, 3000)
    XCTAssertEqual(result.state, try plainFold(path, through: 3000))
    XCTAssertNil(cursor.tornTail)
  }

  func testAnEventThisBuildCannotReadFailsAfterFoldingEverythingBeforeIt() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/events.jsonl"
    try writeLog(path, unknownAt: 2500)
    var last: UInt64 = 0
    XCTAssertThrowsError(
      try Replay.fold(try LogCursor(path: path), into: AppState()) { record, _, _ in
        last = record.seq
        return true
      }
    ) { error in
      XCTAssertEqual((error as? ReplayError)?.seq, 2500)
      XCTAssertTrue("\(error)".contains("unknown event type"), "\(error)")
    }
    XCTAssertEqual(last, 2499)
  }

  func testADamagedLineInTheMiddleFailsAfterFoldingEverythingBeforeIt() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/events.jsonl"
    try writeLog(path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    bytes[lineStarts[3999] + 30] ^= 0x01  // a byte inside the line of seq 4000
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var last: UInt64 = 0
    XCTAssertThrowsError(
      try Replay.fold(try LogCursor(path: path), into: AppState()) { record, _, _ in
        last = record.seq
        return true
      }
    ) { error in
      XCTAssertTrue("\(error)".contains("line 4000"), "\(error)")
    }
    // The damaged line may sit inside an atomic batch: everything before that batch is folded.
    XCTAssertTrue((3997...3999).contains(last), "\(last)")
  }
}
