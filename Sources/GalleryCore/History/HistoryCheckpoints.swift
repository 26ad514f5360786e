import EventStore
import Foundation

/// States kept along the whole log (`snapshots/history/`), so the state at any seq is the
/// nearest one before it and a bounded fold (`history/stateAt`, the inspector). At most
/// `maxCount` are kept, at least `spacing` events apart; when they would pass the count the
/// spacing doubles and every other one goes, so a log of any length keeps a fold of at most
/// about `lastSeq / (maxCount / 2)` events behind any seq.
final class HistoryCheckpoints: @unchecked Sendable {
  /// The most checkpoints kept.
  static let maxCount = 128
  /// The closest two checkpoints are.
  static let minimumSpacing: UInt64 = 1000

  private let store: SnapshotStore
  private let lock = NSLock()
  /// The seqs kept, ascending.
  private var seqs: [UInt64]

  init(directory: String) {
    try? OwnerOnly.makeFolder(directory)
    store = SnapshotStore(directory: directory, keep: Int.max)
    seqs = store.list().map(\.seq).sorted()
  }

  /// The spacing a log of `lastSeq` events keeps between checkpoints.
  static func spacing(forLastSeq lastSeq: UInt64) -> UInt64 {
    var spacing = minimumSpacing
    while lastSeq / spacing > UInt64(maxCount) { spacing *= 2 }
    return spacing
  }

  /// Whether a checkpoint at `seq` is due (the newest is at least a spacing behind).
  func isDue(at seq: UInt64, lastSeq: UInt64) -> Bool {
    let newest = lock.withLock { seqs.last } ?? 0
    return seq >= newest + Self.spacing(forLastSeq: lastSeq)
  }

  /// Keeps `snapshot` if one is due at its seq, thinning the older ones when there are too many.
  func consider(_ snapshot: @autoclosure () throws -> Snapshot, seq: UInt64, lastSeq: UInt64) throws {
    guard isDue(at: seq, lastSeq: lastSeq) else { return }
    try store.save(try snapshot())
    lock.withLock {
      seqs.append(seq)
      guard seqs.count > Self.maxCount else { return }
      // Every other one goes (the newest stays), which doubles the spacing.
      var kept: [UInt64] = []
      for (k, s) in seqs.enumerated() {
        if (seqs.count - 1 - k) % 2 == 0 { kept.append(s) } else { unlink(store.path(forSeq: s)) }
      }
      seqs = kept
    }
  }

  /// Removes the checkpoints at or before `seq` (a retention cut made them stale).
  func drop(through seq: UInt64) {
    lock.withLock {
      for s in seqs where s <= seq { unlink(store.path(forSeq: s)) }
      seqs.removeAll { $0 <= seq }
    }
  }

  /// The snapshot store, for loading the nearest one.
  var snapshots: SnapshotStore { store }

  /// How many are kept.
  var count: Int { lock.withLock { seqs.count } }
}
