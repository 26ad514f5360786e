import EventStore
import Foundation
import GalleryClient
import GalleryTesting
import XCTest

final class EventLogTests: XCTestCase {
  func testAppendAndReopenRoundTrip() throws {
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    let clock = StepClock()
    do {
      let log = try EventLog(path: path, options: EventLogOptions(clock: { clock.read() }))
      XCTAssertNil(log.recoveredTail)
      let first = try log.append([event(1)])
      XCTAssertEqual(first.map(\.seq), [1])
      XCTAssertEqual(first[0].timeText, "2026-11-18T11:06:40.001Z")
      let batch = try log.append([event(2), event(3, type: "other.kind")])
      XCTAssertEqual(batch.map(\.seq), [2, 3])
      XCTAssertEqual(batch.map(\.batchRemaining), [1, 0])
      try log.close()
    }
    let reopened = try EventLog(path: path)
    XCTAssertEqual(reopened.lastSeq, 3)
    let all = try readAll(reopened)
    XCTAssertEqual(all.map(\.seq), [1, 2, 3])
    XCTAssertEqual(all.map(\.type), ["test.event", "test.event", "other.kind"])
    XCTAssertEqual(all[2].data, Array(#"{"n":3}"#.utf8))
    XCTAssertEqual(all[1].timeText, "2026-11-18T11:06:40.002Z")
    XCTAssertEqual(try reopened.append([event(4)]).first?.seq, 4)
    let lines = String(decoding: readFile(path), as: UTF8.self).split(separator: "\n")
    XCTAssertEqual(lines.count, 4)
    XCTAssertTrue(lines[1].contains(#""more":1"#))
    XCTAssertFalse(lines[2].contains(#""more""#))
  }

  /// Data a typed writer made is taken as written (`NewEvent.written`); data changed after it
  /// (a secret redacted) is scanned again, and the lines read back are the same either way.
  /// The log also keeps the last line's time, for retention to measure from with no read.
  func testWrittenDataIsKeptAndChangedDataIsScannedAgain() throws {
    let dir = TempDirectory()
    let clock = StepClock()
    let log = try EventLog(path: dir.file("events.jsonl"), options: EventLogOptions(clock: { clock.read() }))
    XCTAssertEqual(log.lastTimeMillis, 0)
    let written = NewEvent(type: "test.event", version: 1, writtenData: Array(#"{"n":1}"#.utf8))
    XCTAssertTrue(written.written)
    XCTAssertEqual(written, event(1), "how the data was made is not part of the event")
    var changed = written
    changed.data = Array(#"{"n":"#.utf8)
    XCTAssertFalse(changed.written)
    XCTAssertThrowsError(try log.append([changed])) { error in
      guard case EventLogError.invalidEvent(let reason) = error else { return XCTFail("\(error)") }
      XCTAssertTrue(reason.contains("not one JSON object"), reason)
    }
    let records = try log.append([written, event(2)])
    XCTAssertEqual(try readAll(log).map(\.data), [Array(#"{"n":1}"#.utf8), Array(#"{"n":2}"#.utf8)])
    XCTAssertEqual(log.lastTimeMillis, records.last!.timeMillis)
  }

  func testTimeNeverGoesBackwards() throws {
    let dir = TempDirectory()
    let times: [Int64] = [5000, 3000, 7000]
    let counter = StepClock(0)
    let log = try EventLog(
      path: dir.file("e.jsonl"), options: EventLogOptions(clock: { times[Int(counter.read() - 1)] }))
    for n in 0..<3 { try log.append([event(n)]) }
    XCTAssertEqual(try readAll(log).map(\.timeMillis), [5000, 5000, 7000])
  }

  func testExpectedLastSeqGuardsAgainstConcurrentWriters() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"))
    try log.append([event(1)], expectedLastSeq: 0)
    XCTAssertThrowsError(try log.append([event(2)], expectedLastSeq: 0)) { error in
      XCTAssertEqual(error as? EventLogError, .conflict(expectedLastSeq: 0, actualLastSeq: 1))
    }
    XCTAssertEqual(log.lastSeq, 1)
    try log.append([event(2)], expectedLastSeq: 1)
    XCTAssertEqual(try readAll(log).map(\.seq), [1, 2])
  }

  func testEveryDurabilityPolicyKeepsWhatWasAppended() throws {
    for policy: Durability in [.fsync, .batch(milliseconds: 2), .none] {
      let dir = TempDirectory()
      let path = dir.file("e.jsonl")
      let log = try EventLog(path: path, options: EventLogOptions(durability: policy))
      XCTAssertEqual(log.durability, policy)
      for n in 1...50 { try log.append([event(n)]) }
      try log.sync()
      try log.close()
      XCTAssertThrowsError(try log.append([event(0)])) { XCTAssertEqual($0 as? EventLogError, .closed) }
      let again = try EventLog(path: path)
      XCTAssertEqual(again.lastSeq, 50, "\(policy)")
      XCTAssertEqual(try readAll(again).count, 50)
    }
    XCTAssertEqual(Durability("batch:25"), .batch(milliseconds: 25))
    XCTAssertEqual(Durability("batch"), .batch(milliseconds: Durability.defaultBatchMilliseconds))
    XCTAssertNil(Durability("sometimes"))
  }

  func testConcurrentAppendsShareFsyncsAndStayGapless() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"), options: EventLogOptions(durability: .fsync))
    let threads = 8
    let perThread = 40
    DispatchQueue.concurrentPerform(iterations: threads) { t in
      for i in 0..<perThread { _ = try! log.append([event(t * 1000 + i), event(t * 1000 + i)]) }
    }
    let all = try readAll(log)
    XCTAssertEqual(all.map(\.seq), Array(1...UInt64(threads * perThread * 2)))
    // Each batch stayed together: its two lines carry the same n.
    for k in stride(from: 0, to: all.count, by: 2) { XCTAssertEqual(all[k].data, all[k + 1].data) }
  }

  func testSecondWriterInThisProcessIsRefusedNamingLockAndPid() throws {
    let dir = TempDirectory()
    let path = dir.file("e.jsonl")
    let log = try EventLog(path: path)
    XCTAssertThrowsError(try EventLog(path: path)) { error in
      XCTAssertEqual(error as? EventLogError, .locked(lockFile: path + ".lock", holderPID: getpid()))
      XCTAssertTrue("\(error)".contains(path + ".lock"))
      XCTAssertTrue("\(error)".contains("process \(getpid())"))
    }
    try log.close()
    XCTAssertNoThrow(try EventLog(path: path), "closing releases the lock")
  }

  func testSecondWriterInAnotherProcessIsRefused() throws {
    let dir = TempDirectory()
    let path = dir.file("e.jsonl")
    let child = Process()
    child.executableURL = productsDirectory().appendingPathComponent("eventlog-writer")
    child.arguments = ["hold", path]
    let stdin = Pipe()
    let stdout = Pipe()
    child.standardInput = stdin
    child.standardOutput = stdout
    try child.run()
    let ready = stdout.fileHandleForReading.availableDataLine()
    XCTAssertEqual(ready, "ready")
    XCTAssertThrowsError(try EventLog(path: path)) { error in
      XCTAssertEqual(
        error as? EventLogError, .locked(lockFile: path + ".lock", holderPID: child.processIdentifier))
    }
    stdin.fileHandleForWriting.closeFile()
    XCTAssertNotNil(child.exitStatus())
    XCTAssertNoThrow(try EventLog(path: path))
  }

  func testReadsFromAnySeqAndRanges() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"), options: EventLogOptions(durability: .none))
    // Enough bytes that reading from the middle goes through the binary search.
    let pad = String(repeating: "p", count: 300)
    for n in 1...2000 {
      try log.append([NewEvent(type: "t", data: Array(#"{"n":\#(n),"pad":"\#(pad)"}"#.utf8))])
    }
    XCTAssertEqual(try readAll(log, from: 1).count, 2000)
    XCTAssertEqual(try readAll(log, from: 1234).map(\.seq), Array(1234...2000))
    XCTAssertEqual(try readAll(log, from: 777, through: 779).map(\.seq), [777, 778, 779])
    XCTAssertEqual(try readAll(log, from: 2000).map(\.seq), [2000])
    XCTAssertEqual(try readAll(log, from: 2001).map(\.seq), [])
    XCTAssertEqual(log.lineChecksum(ofSeq: 1500), log.lineChecksum(ofSeq: 1500))
    XCTAssertNotNil(log.lineChecksum(ofSeq: 1500))
    XCTAssertNil(log.lineChecksum(ofSeq: 2001))
    XCTAssertNotEqual(log.lineChecksum(ofSeq: 1), log.lineChecksum(ofSeq: 2))
  }

  func testFollowersGetCatchUpThenLiveBatchesInOrder() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"), options: EventLogOptions(durability: .none))
    for n in 1...5 { try log.append([event(n)]) }
    let seen = Locked<[UInt64]>([])
    let subscription = log.follow(after: 2) { records in seen.mutate { $0 += records.map(\.seq) } }
    try log.append([event(6), event(7)])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in _ = try! log.append([event(0)]) }
    log.waitForDeliveries()
    XCTAssertEqual(seen.value, Array(3...11))
    subscription.cancel()
    try log.append([event(12)])
    log.waitForDeliveries()
    XCTAssertEqual(seen.value.last, 11, "no delivery after cancel")
  }

  /// Issue 28, item 3: cancelling a subscription stops its catch-up at the next chunk.
  func testCancellingAFollowerStopsItsCatchUp() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("e.jsonl"), options: EventLogOptions(durability: .none))
    try log.append((1...5000).map { event($0) })
    let chunks = Locked<[Int]>([])
    let holder = Locked<LogSubscription?>(nil)
    let subscription = log.follow(after: 0) { records in
      chunks.mutate { $0.append(records.count) }
      holder.value?.cancel()
    }
    holder.mutate { $0 = subscription }
    log.waitForDeliveries()
    XCTAssertLessThanOrEqual(chunks.value.count, 2, "the catch-up stopped: \(chunks.value)")
    XCTAssertLessThan(chunks.value.reduce(0, +), 5000)
  }
}

extension FileHandle {
  /// Reads one line (blocking until it arrives), without the newline.
  func availableDataLine() -> String? {
    var bytes: [UInt8] = []
    while true {
      let d = readData(ofLength: 1)
      if d.isEmpty { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if d[d.startIndex] == 0x0A { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(d[d.startIndex])
    }
  }
}
