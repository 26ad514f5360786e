import EventStore
import Foundation
import XCTest

/// Retention's file work: a log cut to a `log.base` line plus the events after it reads,
/// verifies, reopens and appends like any other, and only a base may start a log past seq 1.
final class CompactionTests: XCTestCase {
  private func log(_ path: String, events: Int) throws -> EventLog {
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    for n in 1...events { _ = try log.append(n % 5 == 0 ? [event(n), event(n + 1000)] : [event(n)]) }
    return log
  }

  func testACutLogStartsWithItsBaseAndKeepsTheRestByteForByte() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let log = try log(path, events: 20)
    let last = log.lastSeq
    let before = String(decoding: readFile(path), as: UTF8.self).split(separator: "\n")
    try log.compact(through: 10, baseData: Array(#"{"state":{"n":10}}"#.utf8), baseVersion: 1)
    XCTAssertEqual(log.firstSeq, 10)
    let after = String(decoding: readFile(path), as: UTF8.self).split(separator: "\n")
    XCTAssertTrue(
      after[0].hasPrefix(#"{"seq":10,"#) && after[0].contains(#""type":"log.base""#), "\(after[0])")
    XCTAssertEqual(Array(after.dropFirst()), Array(before.dropFirst(10)), "the kept lines are unchanged")
    // It goes on as a log: appends, reads from any seq, verifies clean, reopens.
    XCTAssertEqual(try log.append([event(99)]).first?.seq, last + 1)
    let all = try readAll(log)
    XCTAssertEqual(all.first?.type, EventLine.baseType)
    XCTAssertEqual(all.map(\.seq), Array(10...(last + 1)))
    XCTAssertEqual(try log.read(from: 3).next()?.seq, 10, "reading from before the base starts at the base")
    XCTAssertEqual(try log.read(from: 12).next()?.seq, 12)
    try log.close()
    XCTAssertTrue(try LogVerifier.verify(path: path).isClean)
    let reopened = try EventLog(path: path)
    XCTAssertEqual(reopened.firstSeq, 10)
    XCTAssertEqual(reopened.lastSeq, last + 1)
    XCTAssertNil(reopened.recoveredTail)
  }

  func testACutNeverSplitsABatchNorLeavesTheLogEmpty() throws {
    let dir = TempDirectory()
    let log = try log(dir.file("events.jsonl"), events: 10)
    // Events 5 and 6 are one batch (event(5) with event(1005)).
    XCTAssertThrowsError(try log.compact(through: 5, baseData: Array("{}".utf8), baseVersion: 1)) { error in
      XCTAssertTrue("\(error)".contains("split a batch"), "\(error)")
    }
    XCTAssertThrowsError(try log.compact(through: log.lastSeq, baseData: Array("{}".utf8), baseVersion: 1))
    XCTAssertEqual(log.firstSeq, 1, "a refused cut changes nothing")
    XCTAssertEqual(try readAll(log).count, Int(log.lastSeq))
  }

  func testOnlyABaseMayStartALogPastSeqOne() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    try log(path, events: 8).close()
    // Drop the first three lines by hand: the log now starts at seq 4 with no base.
    let lines = readFile(path).split(separator: 0x0A, omittingEmptySubsequences: false)
    try Data(lines.dropFirst(3).joined(separator: [0x0A])).write(to: URL(fileURLWithPath: path))
    // Opening reads only the tail; reading from the start finds it.
    XCTAssertThrowsError(try readAll(try EventLog(path: path))) { error in
      XCTAssertTrue("\(error)".contains("the first line has seq 4, expected 1"), "\(error)")
    }
    XCTAssertTrue(
      try LogVerifier.verify(path: path).problems.contains { $0.reason.contains("the first line has seq 4") })
  }

  func testWhatACutInterruptedBeforeItsRenameLeftIsRemoved() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    try log(path, events: 4).close()
    try Data("half a log".utf8).write(to: URL(fileURLWithPath: path + ".compacting"))
    let reopened = try EventLog(path: path)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".compacting"))
    XCTAssertEqual(reopened.firstSeq, 1)
    XCTAssertEqual(try readAll(reopened).count, Int(reopened.lastSeq))
  }
}
