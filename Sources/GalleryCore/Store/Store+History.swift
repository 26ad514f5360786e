import EventStore
import Foundation

/// Time travel over the store's log: the state at any seq from the nearest kept state
/// (snapshots, history checkpoints), and the events that set a part of the state.
extension Store {
  /// The newest snapshot at or before `seq` that matches the log and decodes, and the reasons others were skipped.
  static func newestSnapshot(_ stores: [SnapshotStore], log: EventLog, atOrBefore seq: UInt64)
    -> (start: (seq: UInt64, state: AppState, bytes: Int)?, problems: [String])
  {
    // Only files at or before `seq` are read, newest first, from every store.
    let candidates = stores.flatMap { $0.list() }.filter { $0.seq <= seq }.sorted { $0.seq > $1.seq }
    var problems: [String] = []
    for candidate in candidates {
      switch SnapshotStore.read(candidate.path) {
      case .failure(let problem): problems.append(problem.description)
      case .success(let snapshot):
        guard log.lineChecksum(ofSeq: snapshot.seq) == snapshot.lineChecksum else {
          problems.append("skipped snapshot \(candidate.path): does not match the log")
          continue
        }
        do {
          return (
            (
              snapshot.seq, try StateFormat.decode(snapshot.state, version: snapshot.stateFormat),
              snapshot.state.count
            ), problems
          )
        } catch {
          problems.append(
            "skipped snapshot \(candidate.path): its state does not decode in this build: \(error)")
        }
      }
    }
    return (nil, problems)
  }

  /// The state as it was right after event `seq` (time travel), from the nearest snapshot.
  /// `progress` sees each event folded (how many so far, and how many the replay needs in
  /// all) and returns false to stop: the replay then throws `CancellationError`.
  public func state(at seq: UInt64, progress: ((UInt64, UInt64) -> Bool)? = nil) throws -> AppState {
    let first = log.firstSeq
    guard first <= 1 || seq >= first else { throw HistoryError.beforeRetained(seq: seq, firstSeq: first) }
    let (start, _) = Store.newestSnapshot([snapshots, checkpoints.snapshots], log: log, atOrBefore: seq)
    let from = start?.seq ?? 0
    guard seq > from else { return start?.state ?? AppState() }
    var stopped = false
    let folded = try Replay.fold(try log.read(from: from + 1, through: seq), into: start?.state ?? AppState())
    {
      record, _, _ in
      if let progress, !progress(record.seq - from, seq - from) { stopped = true }
      return !stopped
    }
    if stopped { throw CancellationError() }
    return folded.state
  }

  /// The events of `from...through` after which the value at `pointer` (as `state/get` reads
  /// it; absent counts as a value) differs from before: what set that part of the state, oldest
  /// first, at most `limit`. Folds from the nearest kept state before `from`.
  public func changes(
    at pointer: String, from: UInt64, through: UInt64, limit: Int, progress: ((UInt64, UInt64) -> Bool)? = nil
  ) throws -> [EventRecord] {
    _ = try JSONPointer.tokens(pointer)
    let start = max(from, firstEventSeq)
    guard through >= start else { return [] }
    var before: JSONValue? = try? state(at: start - 1).value(at: pointer)
    var found: [EventRecord] = []
    var stopped = false
    _ = try Replay.fold(try log.read(from: start, through: through), into: try state(at: start - 1)) {
      record, _, state in
      // A bundle's base (seq 0) can come first: it is the starting state, not a change.
      guard record.seq >= start else { return true }
      let after = try? state.value(at: pointer)
      if after != before { found.append(record) }
      before = after
      if let progress, !progress(record.seq - start + 1, through - start + 1) { stopped = true }
      return !stopped && found.count < limit
    }
    if stopped { throw CancellationError() }
    return found
  }

  /// The seq of the log's first event (after its `log.base`, if it starts with one).
  public var firstEventSeq: UInt64 { log.firstSeq <= 1 ? 1 : log.firstSeq + 1 }
}
