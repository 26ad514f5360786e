import EventStore
import Foundation
import XCTest

final class SnapshotTests: XCTestCase {
  func testNewestValidSnapshotIsLoadedAndCorruptOnesAreSkippedWithAReason() throws {
    let dir = TempDirectory()
    let store = SnapshotStore(directory: dir.path, keep: 3)
    for seq: UInt64 in [10, 20, 30] {
      try store.save(
        Snapshot(seq: seq, lineChecksum: UInt32(seq), timeMillis: 1000, state: Array("state@\(seq)".utf8)))
    }
    let fine = store.loadNewest { _ in nil }
    XCTAssertEqual(fine.snapshot?.seq, 30)
    XCTAssertEqual(fine.snapshot?.state, Array("state@30".utf8))
    XCTAssertEqual(fine.problems, [])

    // Flip a byte in the newest state: skipped, the older one used.
    var bytes = readFile(store.path(forSeq: 30))
    bytes[bytes.count - 1] ^= 0x01
    writeFile(store.path(forSeq: 30), bytes)
    let fallback = store.loadNewest { _ in nil }
    XCTAssertEqual(fallback.snapshot?.seq, 20)
    XCTAssertEqual(fallback.problems.map(\.reason), ["state checksum mismatch"])

    // A snapshot the log disowns (its line checksum does not match) is skipped too.
    let disowned = store.loadNewest { $0.seq == 20 ? "line checksum differs from the log" : nil }
    XCTAssertEqual(disowned.snapshot?.seq, 10)
    XCTAssertEqual(disowned.problems.count, 2)

    // Truncated and garbage files.
    writeFile(store.path(forSeq: 20), Array(readFile(store.path(forSeq: 20)).prefix(15)))
    writeFile(store.path(forSeq: 10), Array("garbage\n".utf8))
    let none = store.loadNewest { _ in nil }
    XCTAssertNil(none.snapshot)
    XCTAssertEqual(none.problems.count, 3)
  }

  func testSavingKeepsOnlyTheNewestFewAndLeavesNoTempFiles() throws {
    let dir = TempDirectory()
    let store = SnapshotStore(directory: dir.path, keep: 2)
    for seq: UInt64 in 1...5 {
      try store.save(Snapshot(seq: seq * 100, lineChecksum: 0, timeMillis: 0, state: [1, 2, 3]))
    }
    XCTAssertEqual(store.list().map(\.seq), [500, 400])
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    XCTAssertEqual(
      names.sorted(), ["snapshot-00000000000000000400.snap", "snapshot-00000000000000000500.snap"])
  }

  func testSnapshotMatchesTheLogLineItCovers() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"), options: EventLogOptions(durability: .none))
    for n in 1...10 { try log.append([event(n)]) }
    let head = log.head
    let store = SnapshotStore(directory: dir.path)
    try store.save(Snapshot(seq: head.seq, lineChecksum: head.lineChecksum, timeMillis: 0, state: [7]))
    let loaded = store.loadNewest { s in
      log.lineChecksum(ofSeq: s.seq) == s.lineChecksum ? nil : "not this log"
    }
    XCTAssertEqual(loaded.snapshot?.seq, 10)
    XCTAssertEqual(log.lineChecksum(ofSeq: 10), head.lineChecksum)
  }
}
