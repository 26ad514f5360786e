import EventStore
import Foundation
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Readers bounded before they allocate or wait: a snapshot is checked by its header and its
/// file before its state is read, and `verify` is linear in the problems it finds.
final class BoundedReadersTests: XCTestCase {
  /// The process's peak resident size (VmHWM), in bytes.
  private func peakBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return 0
  }

  private func header(seq: UInt64, length: UInt64) -> [UInt8] {
    Array(
      #"{"format":"gallery-rpc-snapshot","v":1,"seq":\#(seq),"lineCRC":"00000001","time":"2026-01-01T00:00:00.000Z","stateFormat":3,"length":\#(length),"crc":"00000000"}"#
        .utf8) + [0x0A]
  }

  func testASparse64GiBSnapshotIsSkippedWithoutReadingIt() throws {
    let dir = TempDirectory()
    let store = SnapshotStore(directory: dir.path)
    let path = store.path(forSeq: 7)
    let head = header(seq: 7, length: 64 << 30)
    writeFile(path, head)
    XCTAssertEqual(truncate(path, off_t(head.count) + (64 << 30)), 0, "a sparse file: 4 KB on disk")
    let before = peakBytes()
    let loaded = store.loadNewest { _ in nil }
    XCTAssertNil(loaded.snapshot)
    XCTAssertEqual(loaded.problems.count, 1)
    XCTAssertTrue(loaded.problems[0].reason.contains("past the"), loaded.problems[0].reason)
    XCTAssertLessThan(peakBytes() - before, 16 << 20, "the state was not read")
  }

  func testAStateWhoseLengthDisagreesWithTheFileIsSkippedBeforeItIsRead() throws {
    let dir = TempDirectory()
    let path = SnapshotStore(directory: dir.path).path(forSeq: 3)
    // A header that claims 1 MiB in front of a file that holds 200 MiB (sparse).
    let head = header(seq: 3, length: 1 << 20)
    writeFile(path, head)
    XCTAssertEqual(truncate(path, off_t(head.count) + (200 << 20)), 0)
    let before = peakBytes()
    guard case .failure(let problem) = SnapshotStore.read(path) else { return XCTFail("read a wrong file") }
    XCTAssertEqual(problem.reason, "state is \(200 << 20) bytes, header says \(1 << 20)")
    XCTAssertLessThan(peakBytes() - before, 16 << 20)
  }

  func testAFIFOInASnapshotsPlaceIsRefusedWithoutWaiting() throws {
    let dir = TempDirectory()
    let store = SnapshotStore(directory: dir.path)
    try store.save(Snapshot(seq: 2, lineChecksum: 1, timeMillis: 1000, state: Array("two".utf8)))
    XCTAssertEqual(mkfifo(store.path(forSeq: 9), 0o600), 0)
    // Nobody ever writes the FIFO: a reader that opened it for reading would wait for ever.
    let loaded = store.loadNewest { _ in nil }
    XCTAssertEqual(loaded.snapshot?.seq, 2)
    XCTAssertEqual(loaded.problems.map(\.reason), ["not a regular file"])
  }

  func testAHeaderLineMustEndWithinItsBound() throws {
    let dir = TempDirectory()
    let path = SnapshotStore(directory: dir.path).path(forSeq: 4)
    writeFile(path, Array(repeating: UInt8(ascii: " "), count: 10_000))
    guard case .failure(let problem) = SnapshotStore.read(path) else { return XCTFail() }
    XCTAssertEqual(problem.reason, "no header line in its first 4096 bytes")
    // A good one still reads, byte for byte.
    let store = SnapshotStore(directory: dir.path)
    let state = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
    try store.save(Snapshot(seq: 5, lineChecksum: 9, timeMillis: 1000, state: state, stateFormat: 3))
    guard case .success(let read) = SnapshotStore.read(store.path(forSeq: 5)) else { return XCTFail() }
    XCTAssertEqual(read.state, state)
    XCTAssertEqual(read.stateFormat, 3)
  }

  /// 60,000 sound lines this build cannot read: `verify` lists each once and keeps the valid
  /// prefix through them. Asking "is every problem so far one of the data?" on every line made
  /// it quadratic (40,000 lines took 7 s, 300,000 did not end in 300 s); bound stated: 60 s for
  /// what now takes about one.
  func testVerifyIsLinearInUnreadableLines() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    let count = 60_000
    for start in stride(from: 0, to: count, by: 1000) {
      try log.append((start..<start + 1000).map { event($0) })
    }
    try log.close()
    let began = Date()
    let report = try LogVerifier.verify(path: path) { _ in
      PayloadProblem(reason: "its data does not decode", writtenByNewerBuild: false)
    }
    XCTAssertLessThan(Date().timeIntervalSince(began), 60)
    XCTAssertEqual(report.problems.count, count)
    XCTAssertEqual(report.validPrefixLastSeq, UInt64(count), "unreadable data does not end the valid prefix")
    XCTAssertFalse(report.hasDamage)
  }

  /// A line of 100 MiB (a hostile or broken file: no writer makes one) is read past in pieces,
  /// not held: `verify` names it by its size, and the reader's buffer stays near the bound.
  func testALineOfAHundredMegabytesIsReadPastNotHeld() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    try log.append([event(1)])
    try log.close()
    let size = readFile(path).count
    XCTAssertEqual(truncate(path, off_t(size + (100 << 20))), 0, "100 MiB of zeros, no newline")
    let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data([0x0A]))
    handle.closeFile()
    let before = peakBytes()
    let report = try LogVerifier.verify(path: path)
    // The buffer doubles to 32 MiB (the first size past a line's 17 MiB bound) and no further;
    // growing it makes no second array beside it (one of 16 MiB made the peak 48 MiB).
    XCTAssertLessThan(peakBytes() - before, 40 << 20, "the line was not held whole")
    XCTAssertEqual(report.goodEvents, 1)
    XCTAssertEqual(report.problems.count, 1)
    XCTAssertTrue(
      report.problems[0].reason.contains("a line of \(100 << 20) bytes"), report.problems[0].reason)
    XCTAssertEqual(report.problems[0].line, 2)
    // A cursor says the same, and stops there.
    let cursor = try LogCursor(path: path)
    XCTAssertNotNil(try cursor.next())
    XCTAssertNil(try cursor.next())
    XCTAssertTrue(
      cursor.tornTail?.reason.contains("past the") == true, "\(String(describing: cursor.tornTail))")
  }
}
