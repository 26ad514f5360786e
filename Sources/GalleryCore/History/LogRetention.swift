import EventStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Invariant 9: the log keeps a bounded history. How much is kept behind the newest event,
/// and when a cut is worth its cost.
public struct Retention: Sendable, Equatable {
  /// History kept behind the newest event's time, in milliseconds (`Int64.max`: no age limit).
  public var keepMillis: Int64
  /// A cut is made only when it drops at least this many events (it rewrites the rest).
  public var minimumDrop: UInt64
  /// The log's size bound in bytes (nil: none). Past it, the oldest events go until what is
  /// kept is half the bound, whatever their age, so a cut is not paid at every snapshot.
  public var keepBytes: Int64?

  /// Keeps `keepMillis` of history; cuts only when at least `minimumDrop` events would go.
  public init(keepMillis: Int64, minimumDrop: UInt64 = 10_000, keepBytes: Int64? = Retention.defaultBytes) {
    self.keepMillis = max(0, keepMillis)
    self.minimumDrop = max(1, minimumDrop)
    self.keepBytes = keepBytes.map { max(1 << 20, $0) }
  }

  /// The default size bound: 256 MiB, far more than a day of ordinary use writes.
  public static let defaultBytes: Int64 = 256 << 20

  /// A day of use (the default): what it takes to debug what a user just did.
  public static let day = Retention(keepMillis: 86_400_000)
}

/// Applies a `Retention` when a store opens and after each snapshot: the events older than
/// the window (through the end of the last whole batch before it) are replaced by one
/// `log.base` event carrying the state they built, so the log stays replayable on its own
/// (`EventLog.compact`). Appends wait while the kept part is copied.
enum LogRetention {
  /// Applies the store's policy, if it has one; a failed cut changes nothing (the new log is
  /// renamed in only when whole) and is reported to `diagnostics`.
  @discardableResult
  static func apply(_ options: Store.Options, to log: EventLog, snapshots: SnapshotStore) -> UInt64? {
    guard let retention = options.retention else { return nil }
    do { return try apply(retention, to: log, snapshots: snapshots) } catch {
      options.diagnostics("retention: the log was kept whole: \(error)")
      return nil
    }
  }

  /// Cuts the log if the policy asks for it; returns the seq dropped through, or nil.
  static func apply(_ retention: Retention, to log: EventLog, snapshots: SnapshotStore) throws -> UInt64? {
    let last = log.lastSeq
    let first = max(log.firstSeq, 1)
    guard last > first else { return nil }
    // The newest event's time, as the log keeps it (reading its line cost a seek and a
    // cursor: 570,000 instructions, at every snapshot).
    let cutoff = log.lastTimeMillis - retention.keepMillis
    let size = log.byteCount
    let overSize = retention.keepBytes.map { size > $0 } ?? false
    if !overSize {
      // Cheap first: unless the event `minimumDrop` after the first is older than the window,
      // there is nothing worth cutting (and no fold to pay for).
      guard last - first >= retention.minimumDrop,
        let probe = try log.read(from: first + retention.minimumDrop, through: first + retention.minimumDrop)
          .next(), probe.timeMillis < cutoff
      else { return nil }
    }
    let budget = (retention.keepBytes ?? .max) / 2
    // First where to cut, from the lines alone (no event decoded): the end of the last whole
    // batch among the events that go. Then one fold through it. Folding while looking, and
    // keeping the state at each batch end, made every later change to a list copy that list
    // (the kept state still shared it): transient blocks that left the heap in holes.
    var kept = size
    var end: (seq: UInt64, keptBytes: Int64)?
    let lines = try log.read(from: first)
    while let record = try lines.next() {
      let old = record.timeMillis < cutoff
      guard record.seq < last, old || (overSize && kept > budget) else { break }
      kept -= EventLine.approximateLength(of: record)
      if record.batchRemaining == 0 { end = (record.seq, kept) }
    }
    guard let end else { return nil }
    if overSize {
      // A state larger than the bound would otherwise be cut again at every snapshot.
      guard size - end.keptBytes >= (retention.keepBytes ?? 0) / 4 else { return nil }
    } else {
      guard end.seq - first >= retention.minimumDrop else { return nil }
    }
    let state = try Replay.fold(try log.read(from: first, through: end.seq), into: AppState()).state
    try log.compact(
      through: end.seq, baseData: try EventCodec.encodeData(LogEvents.Base(state: state)),
      baseVersion: LogEvents.Base.version)
    // The cut's line is the base now: snapshots up to it no longer match the log.
    for snapshot in snapshots.list() where snapshot.seq <= end.seq { unlink(snapshot.path) }
    return end.seq
  }
}
