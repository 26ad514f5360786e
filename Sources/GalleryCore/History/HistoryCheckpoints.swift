import EventStore
import Foundation
import Synchronization

/// States kept along the whole log (`snapshots/history/`), so the state at any seq is the
/// nearest one before it and a bounded fold (`history/stateAt`, the inspector). At most
/// `maxCount` are kept, at least `spacing` events apart; when they would pass the count the
/// spacing doubles and every other one goes, so a log of any length keeps a fold of at most
/// about `lastSeq / (maxCount / 2)` events behind any seq.
final class HistoryCheckpoints: Sendable {
  /// The most checkpoints kept.
  static let maxCount = 128
  /// The closest two checkpoints are.
  static let minimumSpacing: UInt64 = 1000

  private let store: SnapshotStore
  /// The seqs kept, ascending.
  private let seqs: Mutex<[UInt64]>

  init(directory: String) {
    try? OwnerOnly.makeFolder(directory)
    store = SnapshotStore(directory: directory, keep: Int.max)
    seqs = Mutex(store.list().map(\.seq).sorted())
  }

  /// The spacing a log of `lastSeq` events keeps between checkpoints.
  static func spacing(forLastSeq lastSeq: UInt64) -> UInt64 {
    var spacing = minimumSpacing
    while lastSeq / spacing > UInt64(maxCount) { spacing *= 2 }
    return spacing
  }

  /// Whether a checkpoint at `seq` is due (the newest is at least a spacing behind).
  func isDue(at seq: UInt64, lastSeq: UInt64) -> Bool {
    let newest = seqs.withLock { $0.last } ?? 0
    return seq >= newest + Self.spacing(forLastSeq: lastSeq)
  }

  /// Keeps `snapshot` if one is due at its seq, thinning the older ones when there are too many.
  func consider(_ snapshot: @autoclosure () throws -> Snapshot, seq: UInt64, lastSeq: UInt64) throws {
    guard isDue(at: seq, lastSeq: lastSeq) else { return }
    try store.save(try snapshot())
    let gone = seqs.withLock { seqs -> [UInt64] in
      seqs.append(seq)
      guard seqs.count > Self.maxCount else { return [] }
      // Every other one goes (the newest stays), which doubles the spacing.
      let count = seqs.count
      let gone = seqs.enumerated().filter { (count - 1 - $0.offset) % 2 != 0 }.map(\.element)
      seqs.removeAll { gone.contains($0) }
      return gone
    }
    for s in gone { unlink(store.path(forSeq: s)) }
  }

  /// Removes the checkpoints at or before `seq` (a retention cut made them stale).
  func drop(through seq: UInt64) {
    let gone = seqs.withLock { seqs -> [UInt64] in
      defer { seqs.removeAll { $0 <= seq } }
      return seqs.filter { $0 <= seq }
    }
    for s in gone { unlink(store.path(forSeq: s)) }
  }

  /// The snapshot store, for loading the nearest one.
  var snapshots: SnapshotStore { store }

  /// How many are kept.
  var count: Int { seqs.withLock { $0.count } }
}
