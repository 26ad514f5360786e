import EventStore
import Foundation

/// What wrote a bug-report bundle and which part of which log it holds; carried by the
/// bundle's first line (its `log.base`).
public struct BundleOrigin: Codable, Equatable, Sendable {
  /// The gallery-rpc build that exported it.
  public var build: String
  /// The protocol version of that build.
  public var protocolVersion: String
  /// The first and last seq of the events it holds.
  public var from: UInt64
  public var to: UInt64
  /// When it was exported (ISO 8601 UTC).
  public var exportedAt: String

  public init(build: String, protocolVersion: String, from: UInt64, to: UInt64, exportedAt: String) {
    self.build = build
    self.protocolVersion = protocolVersion
    self.from = from
    self.to = to
    self.exportedAt = exportedAt
  }
}

/// A bug-report bundle: one file a user attaches, in the log's own format, so `replay`,
/// `verify` and the inspector read it as they read a log. Its first line is a `log.base` at
/// seq FROM-1 holding the state the range starts from (and the `BundleOrigin`); then the
/// range's events, byte for byte as the log has them, checksums included. Nothing secret is
/// in a log, so nothing secret is in a bundle.
public enum LogBundle {
  /// Which events to export: from a seq, or the ones newer than an age; through a seq.
  public struct Range: Sendable, Equatable {
    public var from: UInt64?
    /// Milliseconds behind the log's newest event (`--since 2h`).
    public var sinceMillis: Int64?
    public var to: UInt64?

    public init(from: UInt64? = nil, sinceMillis: Int64? = nil, to: UInt64? = nil) {
      self.from = from
      self.sinceMillis = sinceMillis
      self.to = to
    }
  }

  /// What an export wrote.
  public struct Summary: Sendable, Equatable {
    public var from: UInt64
    public var to: UInt64
    public var events: Int
    public var bytes: Int64
  }

  /// Why a bundle cannot be written.
  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Writes the bundle of `range` of the log at `log` to `out` (whole or not at all), streamed
  /// through a temp file of its own (`BundleFile`): memory holds the start state and one chunk,
  /// whatever the range's size, and the file never passes `maxBytes`. `replacing` says whether
  /// it may replace a regular file at `out`. A range that starts or ends inside an atomic
  /// batch grows to the batch's edges.
  public static func export(
    log: String, range: Range, out: String, build: String, protocolVersion: String, now: Int64,
    maxBytes: Int64 = .max, replacing: Bool = true
  ) throws -> Summary {
    try checkOutput(out, log: log)
    let bounds = try self.bounds(of: log)
    guard let bounds else { throw Problem(description: "\(log) holds no events") }
    var from = range.from ?? bounds.first
    if let since = range.sinceMillis {
      from = try firstSeq(in: log, notOlderThan: bounds.newestTime - since) ?? bounds.last
    }
    var to = range.to ?? bounds.last
    guard from >= bounds.first, from <= bounds.last else {
      throw Problem(description: "--from \(from) is outside the log (seq \(bounds.first) to \(bounds.last))")
    }
    guard to >= from, to <= bounds.last else {
      throw Problem(description: "--to \(to) must be from \(from) to \(bounds.last)")
    }
    (from, to) = try batchEdges(in: log, from: from, to: to)

    // The state the range starts from, as replay builds it.
    var start = AppState()
    var startTime: Int64?
    if from > 1 {
      _ = try Replay.fold(try LogCursor(path: log, through: from - 1), into: AppState()) { record, _, state in
        if record.seq == from - 1 {
          start = state
          startTime = record.timeMillis
        }
        return true
      }
    }
    let origin = BundleOrigin(
      build: build, protocolVersion: protocolVersion, from: from, to: to,
      exportedAt: ISOTime.format(millis: now))
    let base = try EventCodec.encodeData(LogEvents.Base(state: start, bundle: origin))
    let events = try LogCursor(path: log, fromSeq: from, through: to)
    let file = try BundleFile(target: out, maxBytes: maxBytes)
    var count = 0
    var line: [UInt8] = []
    var wroteBase = false
    while let record = try events.next() {
      // A newer build's line is not this build's to copy: every command leaves such a log
      // as it is and exits 3, export too.
      if let problem = EventCodec.problem(record), problem.writtenByNewerBuild {
        throw ReplayError(seq: record.seq, reason: problem.reason, writtenByNewerBuild: true)
      }
      if !wroteBase {
        try file.append(baseLine(base, seq: from - 1, time: startTime ?? record.timeMillis))
        wroteBase = true
      }
      line.removeAll(keepingCapacity: true)
      EventLine.encode(record, into: &line)
      try file.append(line)
      count += 1
    }
    if !wroteBase { try file.append(baseLine(base, seq: from - 1, time: startTime ?? now)) }
    try file.commit(replacing ? .replacing : .newOnly)
    return Summary(from: from, to: to, events: count, bytes: file.bytes)
  }

  /// The bundle's first line: the `log.base` at `seq` holding the start state.
  private static func baseLine(_ data: [UInt8], seq: UInt64, time: Int64) -> [UInt8] {
    var bytes: [UInt8] = []
    EventLine.encode(
      EventRecord(
        seq: seq, timeMillis: time, type: EventLine.baseType, version: LogEvents.Base.version, data: data),
      into: &bytes)
    return bytes
  }

  /// Refuses an output that would lose data: the log itself (the same file by any name), a
  /// file a server holds as its log, or anything but a regular file (a FIFO, a device, a
  /// directory). A new file, or a regular one nobody writes, is fine: the bundle replaces it
  /// by a rename, whole.
  static func checkOutput(_ out: String, log: String) throws {
    var target = stat()
    guard lstat(out, &target) == 0 else { return }
    guard (target.st_mode & S_IFMT) == S_IFREG else {
      throw Problem(
        description:
          "--out \(out) is not a regular file (a bundle never replaces a device, FIFO, link or directory)")
    }
    var source = stat()
    if stat(log, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
      throw Problem(description: "--out \(out) is the log being exported: write the bundle to a new file")
    }
    if WriterLock.isHeld(out) {
      throw Problem(
        description: "--out \(out) is a log a running server holds: write the bundle to a new file")
    }
  }

  /// The seqs of the events the log at `path` holds (after its base, if it has one), or nil
  /// when it holds none: a replay can stop after any of them, or before the first.
  public static func eventSeqs(ofLogAt path: String) throws -> ClosedRange<UInt64>? {
    try bounds(of: path).map { $0.first...$0.last }
  }

  /// The first and last seq of the log and its newest event's time.
  private static func bounds(of log: String) throws -> (first: UInt64, last: UInt64, newestTime: Int64)? {
    let cursor = try LogCursor(path: log)
    cursor.checksData = false
    var first: UInt64?
    var last: (UInt64, Int64)?
    while let record = try cursor.next() {
      // A base stands for what came before: the range starts after it.
      if first == nil { first = record.type == EventLine.baseType ? record.seq + 1 : record.seq }
      last = (record.seq, record.timeMillis)
    }
    guard let first, let last, last.0 >= first else { return nil }
    return (first, last.0, last.1)
  }

  /// The seq of the first event at or after `time` (milliseconds), if any.
  private static func firstSeq(in log: String, notOlderThan time: Int64) throws -> UInt64? {
    let cursor = try LogCursor(path: log)
    cursor.checksData = false
    while let record = try cursor.next() {
      if record.type != EventLine.baseType, record.timeMillis >= time { return record.seq }
    }
    return nil
  }

  /// `from` moved back to the first line of its batch, `to` on to the last line of its own.
  private static func batchEdges(in log: String, from: UInt64, to: UInt64) throws -> (UInt64, UInt64) {
    var start = from
    var end = to
    var previousOpen = false
    var batchStart: UInt64 = 0
    let cursor = try LogCursor(path: log)
    cursor.checksData = false
    while let record = try cursor.next() {
      if !previousOpen { batchStart = record.seq }
      if record.seq == from { start = max(batchStart, 1) }
      if record.seq >= to, record.batchRemaining == 0 {
        end = record.seq
        break
      }
      previousOpen = record.batchRemaining > 0
    }
    return (start, end)
  }
}

extension BundleOrigin: PersistedDefaults {
  /// Empty texts, an empty range.
  public static var persistedDefaults: BundleOrigin {
    BundleOrigin(build: "", protocolVersion: "", from: 0, to: 0, exportedAt: "")
  }
}
