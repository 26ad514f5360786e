import EventStore
import Foundation
import GalleryTesting
import XCTest

@testable import GalleryCore

/// States kept along the whole log: the state at any seq is the nearest one before it and a
/// bounded fold, equal to a replay from the start.
final class HistoryCheckpointsTests: XCTestCase {
  func testTheStateAtAnySeqComesFromTheNearestCheckpoint() throws {
    let dir = TemporaryDirectory()
    do {
      let store = try Store(
        dataDirectory: dir.path, options: .init(durability: .none, snapshotEvery: 100_000))
      for k in 0..<4500 { try store.send(.auth(.setEmail(.login, "user\(k)@mail.com"))) }
      try store.close()
    }
    // A fresh copy of the log (no snapshot): opening it folds it once and keeps checkpoints.
    let copy = TemporaryDirectory()
    try FileManager.default.copyItem(atPath: dir.path + "/events.jsonl", toPath: copy.path + "/events.jsonl")
    var options = Store.Options(durability: .none)
    options.readOnly = true
    let store = try Store(dataDirectory: copy.path, options: options)
    let kept = try FileManager.default.contentsOfDirectory(atPath: copy.path + "/snapshots/history").count
    XCTAssertEqual(kept, 4, "one every 1000 events")
    for seq: UInt64 in [0, 1, 999, 1000, 1001, 2500, 4499, 4500] {
      XCTAssertEqual(
        try store.state(at: seq), try Replay.state(ofLogAt: copy.path + "/events.jsonl", through: seq),
        "\(seq)")
    }
    XCTAssertEqual(HistoryCheckpoints.spacing(forLastSeq: 100_000), 1000)
    XCTAssertEqual(HistoryCheckpoints.spacing(forLastSeq: 1_000_000), 8000, "at most 128 kept")
  }

  func testThinningKeepsTheNewestAndHalvesTheRest() throws {
    let dir = TemporaryDirectory()
    let checkpoints = HistoryCheckpoints(directory: dir.path)
    let lastSeq = UInt64(HistoryCheckpoints.maxCount) * 1000
    for k in 1...UInt64(HistoryCheckpoints.maxCount + 1) {
      let seq = k * 1000
      try checkpoints.consider(
        Snapshot(seq: seq, lineChecksum: 0, timeMillis: 0, state: Array("{}".utf8)), seq: seq,
        lastSeq: lastSeq)
    }
    XCTAssertEqual(checkpoints.count, (HistoryCheckpoints.maxCount + 2) / 2)
    let seqs = checkpoints.snapshots.list().map(\.seq)
    XCTAssertEqual(seqs.first, UInt64(HistoryCheckpoints.maxCount + 1) * 1000, "the newest stays")
    XCTAssertEqual(seqs.count, checkpoints.count, "the files follow")
  }
}
