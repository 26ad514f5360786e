import Foundation
import XCTest

@testable import EventStore

final class RecoveryTests: XCTestCase {
  /// A small log: single events and batches, lines of different lengths.
  func makeLog(_ dir: TempDirectory, name: String = "e.jsonl") throws -> (
    path: String, bytes: [UInt8], lineStarts: [Int]
  ) {
    let path = dir.file(name)
    let log = try EventLog(
      path: path, options: EventLogOptions(durability: .none, clock: { 1_795_000_000_000 }))
    try log.append([event(1)])
    try log.append([event(2), event(3), event(4)])
    try log.append([NewEvent(type: "x", data: Array(#"{"s":"ünïcødé","a":[1,2]}"#.utf8))])
    try log.append([event(6), event(7)])
    try log.append([event(8)])
    try log.close()
    let bytes = readFile(path)
    var starts = [0]
    for (i, b) in bytes.enumerated() where b == 0x0A && i + 1 < bytes.count { starts.append(i + 1) }
    return (path, bytes, starts)
  }

  func testTruncationAtEveryOffsetOfTheLastLineRecovers() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    let lastStart = starts.last!
    for cut in lastStart..<bytes.count {
      writeFile(path, Array(bytes[0..<cut]))
      let log = try EventLog(path: path)
      XCTAssertEqual(log.lastSeq, 7, "cut at \(cut)")
      if cut == lastStart {
        XCTAssertNil(log.recoveredTail)
      } else {
        XCTAssertEqual(log.recoveredTail?.offset, Int64(lastStart))
        XCTAssertEqual(log.recoveredTail?.bytes, Int64(cut - lastStart))
        XCTAssertEqual(log.recoveredTail?.seq, 8)
      }
      XCTAssertEqual(readFile(path), Array(bytes[0..<lastStart]), "only the torn line is removed")
      XCTAssertEqual(try log.append([event(8)]).first?.seq, 8)
      try log.close()
    }
  }

  func testAnIncompleteFinalBatchIsRemovedWhole() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    // Lines 6 and 7 (seq 6, 7) are one batch; line 8 is seq 8. Cut inside seq 7's line.
    let cut = starts[6] + 10
    writeFile(path, Array(bytes[0..<cut]))
    let log = try EventLog(path: path)
    XCTAssertEqual(log.lastSeq, 5, "seq 6 is dropped with its torn batch mate")
    XCTAssertEqual(log.recoveredTail?.offset, Int64(starts[5]))
    XCTAssertEqual(log.recoveredTail?.seq, 6)
    XCTAssertEqual(try readAll(log).map(\.seq), [1, 2, 3, 4, 5])
    // A reader of the raw file sees the same.
    try log.close()
    writeFile(path, Array(bytes[0..<(starts[6])]))
    let cursor = try LogCursor(path: path)
    var seqs: [UInt64] = []
    while let r = try cursor.next() { seqs.append(r.seq) }
    XCTAssertEqual(seqs, [1, 2, 3, 4, 5], "a batch missing its last line is never handed out")
    XCTAssertEqual(cursor.tornTail?.seq, 6)
  }

  /// The cursor reads many lines a pass (`LogCursor.readAhead`), and that shows nowhere: every
  /// record before a damaged line is handed out before the damage is thrown, a read that ends
  /// at `through` never meets damage or a torn tail past it, and a log longer than a pass
  /// reads whole.
  func testTheCursorsReadAheadHandsOutWhatALineByLineReadDid() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    func seqs(_ cursor: LogCursor) -> ([UInt64], (any Error)?) {
      var out: [UInt64] = []
      do {
        while let r = try cursor.next() { out.append(r.seq) }
      } catch { return (out, error) }
      return (out, nil)
    }
    var middle = bytes
    middle[starts[4] + 30] ^= 0x01  // line 5, seq 5
    writeFile(path, middle)
    let (before, error) = seqs(try LogCursor(path: path))
    XCTAssertEqual(before, [1, 2, 3, 4], "every record before the damage")
    XCTAssertTrue("\(error.map { "\($0)" } ?? "")".contains("line 5, seq 5"), "then the damage")
    for through: UInt64 in [1, 3] {
      let cursor = try LogCursor(path: path, through: through)
      let (read, error) = seqs(cursor)
      XCTAssertEqual(read, Array(1...through))
      XCTAssertNil(error, "the damage past \(through) is not read")
    }

    var torn = bytes
    torn[starts[7] + 3] ^= 0x20  // the last line (seq 8): a torn tail
    writeFile(path, torn)
    let short = try LogCursor(path: path, through: 4)
    XCTAssertEqual(seqs(short).0, [1, 2, 3, 4])
    XCTAssertNil(short.tornTail, "a tail past `through` is not read")
    let whole = try LogCursor(path: path)
    XCTAssertEqual(seqs(whole).0, [1, 2, 3, 4, 5, 6, 7])
    XCTAssertEqual(whole.tornTail?.seq, 8)

    // Past one pass: every record, in order, once.
    let long = dir.file("long.jsonl")
    let log = try EventLog(
      path: long, options: EventLogOptions(durability: .none, clock: { 1_795_000_000_000 }))
    let count = (LogCursor.readAhead * 3 / 5 + 1) * 5  // batches of five, past three passes
    for k in 0..<(count / 5) { try log.append((0..<5).map { event(k * 5 + $0 + 1) }) }
    try log.close()
    XCTAssertEqual(seqs(try LogCursor(path: long)).0, (1...UInt64(count)).map { $0 })
  }

  func testDamagedFinalLineIsTornButDamageBeforeItFailsTheOpen() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    var last = bytes
    last[starts[7] + 3] ^= 0x20
    writeFile(path, last)
    let log = try EventLog(path: path)
    XCTAssertEqual(log.lastSeq, 7)
    XCTAssertTrue(log.recoveredTail?.reason.contains("checksum") ?? false)
    try log.close()

    var middle = bytes
    middle[starts[4] + 30] ^= 0x01  // line 5, seq 5
    writeFile(path, middle)
    XCTAssertNoThrow(try EventLog(path: path).close(), "open checks the tail only; reading finds the rest")
    let opened = try EventLog(path: path)
    XCTAssertThrowsError(try readAll(opened)) { error in
      XCTAssertEqual(
        error as? EventLogError,
        .corrupted(
          file: path, line: 5, seq: 5,
          reason: (error as? EventLogError).flatMap { e -> String? in
            if case .corrupted(_, _, _, let r) = e { return r } else { return nil }
          } ?? ""))
      XCTAssertTrue("\(error)".contains("line 5, seq 5"))
    }
    try opened.close()
    // Damage on the line right before the tail is caught at open.
    var second = bytes
    second[starts[6] + 30] ^= 0x01
    writeFile(path, second)
    XCTAssertThrowsError(try EventLog(path: path)) { error in
      guard case .corrupted(let file, let line, let seq, _)? = error as? EventLogError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(file, path)
      XCTAssertEqual(line, 7)
      XCTAssertEqual(seq, 7)
    }
    XCTAssertEqual(readFile(path), second, "a failed open rewrites nothing")
  }

  func testEverySingleByteFlipIsDetectedByVerify() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    XCTAssertTrue(try LogVerifier.verify(path: path).isClean)
    let probe = dir.file("probe.jsonl")
    var checked = 0
    for offset in 0..<bytes.count {
      var masks: Set<UInt8> = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF]
      for replacement: UInt8 in [0x0A, 0x22, 0x7D, 0x2C, 0x30, 0x00] where replacement != bytes[offset] {
        masks.insert(replacement ^ bytes[offset])
      }
      for mask in masks {
        var damaged = bytes
        damaged[offset] ^= mask
        writeFile(probe, damaged)
        let report = try LogVerifier.verify(path: probe)
        XCTAssertFalse(report.isClean, "flip 0x\(String(mask, radix: 16)) at byte \(offset) went unnoticed")
        checked += 1
        // Opening never accepts such a log silently: it refuses it or cuts the last line.
        if offset < starts.last! - 1 {
          if let log = try? EventLog(path: probe) {
            XCTAssertThrowsError(try readAll(log), "byte \(offset) mask \(mask)")
            try log.close()
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, bytes.count * 9)
  }

  func testVerifyListsEveryProblemAndRepairKeepsTheValidPrefix() throws {
    let dir = TempDirectory()
    let (path, bytes, starts) = try makeLog(dir)
    var damaged = bytes
    damaged[starts[2] + 20] ^= 0x04  // seq 3, inside a batch
    damaged[starts[5] + 20] ^= 0x04  // seq 6
    damaged += Array("{\"seq\":9,\"tim".utf8)  // and a torn tail
    writeFile(path, damaged)
    let report = try LogVerifier.verify(path: path)
    XCTAssertEqual(report.problems.map(\.line), [3, 6, 9])
    XCTAssertEqual(report.problems.map(\.kind), [.damage, .damage, .tornTail])
    XCTAssertEqual(report.problems[0].seq, 3)
    XCTAssertTrue(report.hasDamage)
    XCTAssertEqual(report.validPrefixLastSeq, 1)

    let repaired = try LogRepair.repair(path: path, stamp: "20261122T000000Z")
    XCTAssertEqual(repaired.keptEvents, 1)
    XCTAssertEqual(repaired.movedAside, path + ".damaged-20261122T000000Z")
    XCTAssertEqual(readFile(repaired.movedAside!), damaged, "the original is kept byte for byte")
    XCTAssertEqual(readFile(path), Array(bytes[0..<starts[1]]))
    XCTAssertTrue(try LogVerifier.verify(path: path).isClean)
    let log = try EventLog(path: path)
    XCTAssertEqual(log.lastSeq, 1)
    XCTAssertThrowsError(
      try LogRepair.repair(path: path, stamp: "x"), "repair refuses while a writer holds the log")
  }

  func testSeqGapsAndRepeatsAreDamage() throws {
    let dir = TempDirectory()
    let a = try makeLog(dir, name: "a.jsonl")
    let ends: [Int] = Array(a.lineStarts.dropFirst()) + [a.bytes.count]
    var lines: [[UInt8]] = []
    for (start, end) in zip(a.lineStarts, ends) { lines.append(Array(a.bytes[start..<end])) }
    let gap = dir.file("gap.jsonl")
    writeFile(gap, lines[0] + lines[2] + lines[3] + lines[4])
    XCTAssertTrue(try LogVerifier.verify(path: gap).problems.contains { $0.reason.contains("gap") })
    let repeated = dir.file("repeat.jsonl")
    writeFile(repeated, lines[0] + lines[0] + lines[1])
    XCTAssertTrue(try LogVerifier.verify(path: repeated).problems.contains { $0.reason.contains("repeats") })
    XCTAssertThrowsError(try EventLog(path: repeated))
  }
}
