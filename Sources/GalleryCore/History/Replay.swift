import EventStore

/// Rebuilds state from the log: the fold of invariant 1, shared by start-up recovery,
/// `gallery-rpc replay` and `history/stateAt`. Runs no effects.
public enum Replay {
  /// Folds every event the cursor yields into `state`; `each` sees every intermediate state
  /// and returns false to stop early. A second thread reads and decodes ahead
  /// (`ReplayPipeline`); the fold itself stays on the calling thread, in log order.
  public static func fold(
    _ cursor: LogCursor, into state: AppState,
    each: ((EventRecord, Event, AppState) -> Bool)? = nil
  ) throws -> (state: AppState, lastSeq: UInt64) {
    var state = state
    var last: UInt64 = 0
    let pipeline = ReplayPipeline(cursor)
    defer { pipeline.finish() }
    while true {
      let batch = pipeline.next()
      for (k, event) in batch.events.enumerated() {
        AppMachine.reduce(into: &state, event)
        last = batch.records[k].seq
        if let each, !each(batch.records[k], event, state) { return (state, last) }
      }
      if let failure = batch.failure { throw failure }
      if batch.records.isEmpty { return (state, last) }
    }
  }

  /// The state after every event of the log at `path` up to `seq` (all if nil).
  public static func state(ofLogAt path: String, through seq: UInt64? = nil) throws -> AppState {
    let cursor = try LogCursor(path: path, through: seq)
    return try fold(cursor, into: AppState()).state
  }
}

/// An event in the log that this build cannot replay.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
  public var seq: UInt64
  public var reason: String
  /// A newer build wrote the event (`EventDecodingError.writtenByNewerBuild`).
  public var writtenByNewerBuild = false
  /// The line is the log's `log.base` (which no `log.setAside` can stand in for).
  public var isBase = false
  public var description: String { "cannot replay seq \(seq): \(reason)" }
}
