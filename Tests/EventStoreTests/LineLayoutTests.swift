import EventStore
import Foundation
import GalleryTesting
import XCTest

/// One judgement of what a line is: a log whose lines are in another layout than the writer's
/// (members reordered, spaces between them, the checksum over the new bytes), which `verify`
/// takes, is read alike by every reader: found by seq, read from a seq, cut by retention with no
/// event lost, opened and appended to.
final class LineLayoutTests: XCTestCase {
  /// The writer's line rewritten: `type`, `v`, `time`, `seq` (and `more`) in that order with
  /// spaces, then `data` and a checksum of the new body.
  static func rewritten(_ line: [UInt8]) throws -> [UInt8] {
    let text = String(decoding: line, as: UTF8.self)
    let dataStart = try XCTUnwrap(text.range(of: #","data":"#))
    let crcStart = try XCTUnwrap(text.range(of: #","crc":""#, options: .backwards))
    let envelope = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data((String(text[..<dataStart.lowerBound]) + "}").utf8))
        as? [String: Any])
    let data = text[dataStart.upperBound..<crcStart.lowerBound]
    var members = [
      #" "type" : "\#(envelope["type"]!)""#, #""v":\#(envelope["v"]!)"#, #""time" :"\#(envelope["time"]!)""#,
      #" "seq":  \#(envelope["seq"]!)"#,
    ]
    if let more = envelope["more"] { members.append(#""more":\#(more)"#) }
    let body = Array(("{" + members.joined(separator: ", ") + #", "data":"# + data).utf8)
    let crc = CRC32C.checksum(body)
    return body + Array(#","crc":""#.utf8) + Array(String(format: "%08x", crc).utf8) + Array(#""}"#.utf8)
  }

  func testALogInAnotherLayoutReadsAlikeInEveryReader() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let log = try EventLog(path: path)
    // Lines of ~100 bytes: past the 64 KiB a search narrows to before it scans.
    for chunk in stride(from: 1, through: 3000, by: 100) {
      try log.append((chunk..<chunk + 100).map { event($0) })
    }
    try log.close()
    let lines = readFile(path).split(separator: 0x0A).map { Array($0) }
    XCTAssertEqual(lines.count, 3000)
    var other: [UInt8] = []
    for line in lines { other += try Self.rewritten(line) + [0x0A] }
    writeFile(path, other)
    XCTAssertTrue(try LogVerifier.verify(path: path).isClean, "verify takes the layout")

    // Found by seq, wherever the search lands.
    for seq: UInt64 in [1, 2, 1500, 2051, 2999, 3000] {
      let cursor = try LogCursor(path: path, fromSeq: seq)
      XCTAssertEqual(try cursor.next()?.seq, seq)
    }
    // A retention cut keeps every event after it; the log opens and takes appends.
    let reopened = try EventLog(path: path)
    try reopened.compact(through: 2000, baseData: Array("{}".utf8), baseVersion: 1)
    let kept = try readAll(reopened, from: 2001)
    XCTAssertEqual(kept.map(\.seq), Array(2001...3000))
    XCTAssertEqual(kept.first?.data, Array(#"{"n":2001}"#.utf8))
    try reopened.append([event(3001)])
    try reopened.close()
    XCTAssertTrue(try LogVerifier.verify(path: path).isClean)
    let again = try EventLog(path: path)
    XCTAssertEqual(try readAll(again, from: 2001).map(\.seq), Array(2001...3001))
    try again.close()
  }

  /// A member of the envelope given twice is damage, named: no reader takes the first while
  /// another takes the last.
  func testAnEnvelopeMemberGivenTwiceIsDamageNamed() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let log = try EventLog(path: path)
    try log.append([event(1), event(2)])
    try log.close()
    var lines = readFile(path).split(separator: 0x0A).map { Array($0) }
    let text = String(decoding: lines[1], as: UTF8.self)
    let body = Array(
      text[..<text.range(of: #","crc":""#)!.lowerBound].replacingOccurrences(
        of: #""type":"#, with: #""type":"other.event","type":"#
      ).utf8)
    lines[1] =
      body + Array(#","crc":""#.utf8) + Array(String(format: "%08x", CRC32C.checksum(body)).utf8)
      + Array(#""}"#.utf8)
    writeFile(path, lines.flatMap { $0 + [0x0A] })
    let report = try LogVerifier.verify(path: path)
    XCTAssertEqual(report.problems.count, 1)
    XCTAssertEqual(report.problems.first?.line, 2)
    XCTAssertTrue(
      report.problems.first?.reason.contains(#""type" is given twice"#) == true, "\(report.problems)")
  }
}
