import EventStore
import Foundation
import XCTest

/// One writer per log, even when someone deletes the lock file (before or after a
/// retention cut replaced the log's file).
final class WriterLockTests: XCTestCase {
  func testADeletedLockFileDoesNotLetASecondWriterIn() throws {
    let dir = TempDirectory()
    let path = dir.file("e.jsonl")
    let first = try EventLog(path: path, options: EventLogOptions(durability: .none))
    for n in 1...5 { try first.append([event(n)]) }
    XCTAssertEqual(unlink(path + ".lock"), 0)
    XCTAssertThrowsError(try EventLog(path: path, options: EventLogOptions(durability: .none))) { error in
      guard case EventLogError.locked(let file, let pid)? = error as? EventLogError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(file, path + ".lock")
      XCTAssertNil(pid, "the deleted lock file named the holder; nothing else does")
    }
    XCTAssertThrowsError(try LogRepair.repair(path: path, stamp: "x"), "repair waits for the writer too")
    XCTAssertEqual(try first.append([event(6)]).first?.seq, 6, "the first writer goes on")
    try first.close()
    let next = try EventLog(path: path, options: EventLogOptions(durability: .none))
    XCTAssertEqual(next.lastSeq, 6)
    try next.close()
  }

  func testTheLogStaysHeldAcrossARetentionCut() throws {
    let dir = TempDirectory()
    let path = dir.file("e.jsonl")
    let writer = try EventLog(path: path, options: EventLogOptions(durability: .none))
    for n in 1...10 { try writer.append([event(n)]) }
    try writer.compact(through: 5, baseData: Array("{}".utf8), baseVersion: 1)
    unlink(path + ".lock")
    XCTAssertThrowsError(try EventLog(path: path, options: EventLogOptions(durability: .none)))
    XCTAssertEqual(try writer.append([event(11)]).first?.seq, 11)
    try writer.close()
  }
}
