import EventStore
import Foundation
import XCTest

/// The end of a log as a damaged disk leaves it: a flipped bit in a whole line is damage
/// (kept, said loudly), a huge last line costs linear time and is refused past any event.
final class TailDamageTests: XCTestCase {
  private func log(_ dir: TempDirectory, events: Int) throws -> (path: String, bytes: [UInt8]) {
    let path = dir.file("e.jsonl")
    let log = try EventLog(
      path: path, options: EventLogOptions(durability: .none, clock: { 1_795_000_000_000 }))
    for n in 1...events { try log.append([event(n)]) }
    try log.close()
    return (path, readFile(path))
  }

  func testAFlippedBitInTheLastWholeLineIsDamageKeptBesideTheLog() throws {
    let dir = TempDirectory()
    let (path, bytes) = try log(dir, events: 52)
    let lastStart = bytes.dropLast().lastIndex(of: 0x0A)! + 1
    var flipped = bytes
    flipped[lastStart + 3] ^= 0x01
    writeFile(path, flipped)
    let reopened = try EventLog(
      path: path, options: EventLogOptions(durability: .none, clock: { 1_795_000_000_123 }))
    let tail = try XCTUnwrap(reopened.recoveredTail)
    XCTAssertTrue(tail.damaged, "a line ending in a newline was written whole: not a torn write")
    XCTAssertEqual(tail.seq, 52)
    XCTAssertTrue(tail.description.hasPrefix("DAMAGE"), tail.description)
    let copy = try XCTUnwrap(tail.keptCopy)
    XCTAssertEqual(copy, path + ".damaged-1795000000123")
    XCTAssertEqual(readFile(copy), Array(flipped[lastStart...]), "the damaged line is kept byte for byte")
    XCTAssertTrue(tail.description.contains(copy))
    XCTAssertEqual(reopened.lastSeq, 51)
    try reopened.close()
  }

  func testATornLineWithoutANewlineIsStillATornWriteWithNoCopy() throws {
    let dir = TempDirectory()
    let (path, bytes) = try log(dir, events: 5)
    writeFile(path, Array(bytes.dropLast(7)))
    let reopened = try EventLog(path: path, options: EventLogOptions(durability: .none))
    XCTAssertEqual(reopened.recoveredTail?.damaged, false)
    XCTAssertNil(reopened.recoveredTail?.keptCopy)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("damaged") }, [])
    try reopened.close()
  }

  func testAHundredMegabyteLastLineIsJudgedInLinearTimeAndRefusedPastTheLargestEvent() throws {
    let dir = TempDirectory()
    let (path, bytes) = try log(dir, events: 3)
    // An unterminated 100 MB tail: a torn write, cut; its bytes are never gathered.
    var torn = bytes
    torn += [UInt8](repeating: 0x41, count: 100 << 20)
    writeFile(path, torn)
    let opened = try EventLog(path: path, options: EventLogOptions(durability: .none, maxEventBytes: 1 << 20))
    XCTAssertEqual(opened.lastSeq, 3)
    XCTAssertEqual(opened.recoveredTail?.bytes, Int64(100 << 20))
    try opened.close()
    // A terminated line longer than any event: damage, with a copy, never a valid event.
    writeFile(path, bytes + [UInt8](repeating: 0x41, count: 3 << 20) + [0x0A])
    let again = try EventLog(path: path, options: EventLogOptions(durability: .none, maxEventBytes: 1 << 20))
    XCTAssertEqual(again.lastSeq, 3)
    XCTAssertEqual(again.recoveredTail?.damaged, true)
    XCTAssertTrue(
      again.recoveredTail?.reason.contains("longer than") ?? false,
      "\(String(describing: again.recoveredTail))")
    try again.close()
  }
}
