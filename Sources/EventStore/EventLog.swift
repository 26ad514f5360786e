import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a log is opened.
public struct EventLogOptions: Sendable {
  /// When appends reach the disk.
  public var durability: Durability
  /// Milliseconds since the epoch, read once per append to stamp `time`.
  public var clock: @Sendable () -> Int64
  /// Largest accepted event data, in bytes.
  public var maxEventBytes: Int

  public init(
    durability: Durability = .fsync, clock: @escaping @Sendable () -> Int64 = EventLogOptions.systemClock,
    maxEventBytes: Int = 16 << 20
  ) {
    self.durability = durability
    self.clock = clock
    self.maxEventBytes = maxEventBytes
  }

  /// The wall clock in milliseconds.
  public static let systemClock: @Sendable () -> Int64 = {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
  }
}

/// The append-only event log of one data directory: a single writer, durable appends with
/// group commit, tail recovery at open, streaming reads and in-process followers.
///
/// Thread-safe; appends from several threads are serialized and their fsyncs shared.
///
/// Unchecked Sendable: every `var` is read and written under `cond`, whose waits share one
/// fsync among appenders (group commit) and wake followers; the descriptor's writes happen
/// under it by design (one writer, in seq order).
public final class EventLog: @unchecked Sendable {
  /// The log file.
  public let path: String
  /// The lock file that keeps a second writer out.
  public let lockPath: String
  /// The durability policy in force.
  public let durability: Durability
  /// The torn tail cut when the log was opened, if any.
  public let recoveredTail: TornTail?

  private let options: EventLogOptions
  private let cond = NSCondition()
  private var fd: Int32
  private var lockFD: Int32
  private var lastSeqValue: UInt64
  private var firstSeqValue: UInt64
  private var lastTime: Int64
  private var lastChecksum: UInt32
  private var writtenEnd: Int64
  private var durableEnd: Int64
  private var syncing = false
  private var syncScheduled = false
  private var isClosed = false
  private var poison: String?
  private var subscribers: [Int: Subscriber] = [:]
  private var nextSubscriberID = 0
  private let deliveryQueue = DispatchQueue(label: "gallery-rpc.eventlog.delivery")
  private let syncQueue = DispatchQueue(label: "gallery-rpc.eventlog.sync")

  private struct Subscriber {
    let handler: @Sendable ([EventRecord]) -> Void
  }

  /// Opens (creating if needed) the log at `path` for writing: takes the lock, cuts a torn
  /// tail and reports it in `recoveredTail`. Damage before the tail fails with `.corrupted`.
  public init(path: String, options: EventLogOptions = EventLogOptions()) throws {
    self.path = path
    self.lockPath = path + ".lock"
    self.options = options
    self.durability = options.durability
    let created = !FileIO.exists(path)
    // The log file is locked first, so a writer holding it is found before the lock file
    // (which names the holder) is touched.
    fd = try FileIO.open(path, O_RDWR | O_APPEND | O_CREAT)
    do {
      try WriterLock.lockLogFile(fd, path: path, lockPath: lockPath)
      lockFD = try WriterLock.acquireLockFile(lockPath)
    } catch {
      Glibc.close(fd)
      throw error
    }
    // What a compaction left when it stopped before its rename: the log itself is whole.
    unlink(path + LogCompaction.suffix)
    do {
      if created { try FileIO.syncDirectory(FileIO.directory(of: path)) }
      var recovery = LogRecovery(fd: fd, path: path)
      recovery.maxLineBytes = options.maxEventBytes + 65536
      let tail = try recovery.run()
      var torn = tail.torn
      if let cut = torn, cut.damaged {
        torn?.keptCopy = try LogRepair.keepCut(
          fd: fd, path: path, from: cut.offset, stamp: String(options.clock()))
      }
      if let torn {
        try FileIO.truncate(fd, to: torn.offset, path)
        try FileIO.sync(fd, path)
      }
      recoveredTail = torn
      lastSeqValue = tail.lastSeq
      firstSeqValue = tail.end > 0 ? try LogCompaction.firstSeq(fd: fd, path: path) : 0
      lastTime = tail.lastTimeMillis
      lastChecksum = tail.lastLineChecksum
      writtenEnd = tail.end
      durableEnd = tail.end
    } catch {
      Glibc.close(fd)
      Glibc.close(lockFD)
      throw error
    }
  }

  deinit {
    if !isClosed {
      if durability != .none { try? FileIO.sync(fd, path) }
      Glibc.close(fd)
      Glibc.close(lockFD)
    }
  }

  /// The seq of the log's first line (0 for an empty log): 1, or that of its retention base.
  public var firstSeq: UInt64 {
    cond.lock()
    defer { cond.unlock() }
    return firstSeqValue == 0 && lastSeqValue > 0 ? 1 : firstSeqValue
  }

  /// Drops every event through `seq` (the end of a batch, before the last event) and starts
  /// the log with one `EventLine.baseType` line at `seq` carrying `baseData` (the state those
  /// events built), so the log stays replayable on its own. The new file is written beside
  /// the log and renamed over it: a crash leaves either log, never a mix. `baseVersion` is the
  /// base line's `v`: the version of the state format `baseData` is in.
  public func compact(through seq: UInt64, baseData: [UInt8], baseVersion: Int) throws {
    cond.lock()
    defer { cond.unlock() }
    guard !isClosed else { throw EventLogError.closed }
    if let poison { throw EventLogError.poisoned(poison) }
    while syncing { cond.wait() }
    guard seq >= firstSeqValue, seq < lastSeqValue else {
      throw EventLogError.invalidEvent(
        "a retention cut at seq \(seq) is outside the log (seq \(firstSeqValue) to \(lastSeqValue))")
    }
    let size = try LogCompaction.write(
      from: fd, path: path, end: writtenEnd, through: seq, baseData: baseData, baseVersion: baseVersion)
    // The rename is done: from here on the file open is the old one. The new one is locked
    // before the old one is let go.
    let old = fd
    do {
      fd = try FileIO.open(path, O_RDWR | O_APPEND)
      try WriterLock.lockLogFile(fd, path: path, lockPath: lockPath)
    } catch {
      poison = "the log could not be reopened after a retention cut: \(error)"
      throw error
    }
    Glibc.close(old)
    writtenEnd = size
    durableEnd = size
    firstSeqValue = seq
  }

  /// The log file's size in bytes, as written so far.
  public var byteCount: Int64 {
    cond.lock()
    defer { cond.unlock() }
    return writtenEnd
  }

  /// The seq of the last event written (0 for an empty log).
  public var lastSeq: UInt64 {
    cond.lock()
    defer { cond.unlock() }
    return lastSeqValue
  }

  /// The time of the last event written (its line's `time`, in milliseconds since the epoch;
  /// 0 for an empty log): what retention measures its window back from, with no read.
  public var lastTimeMillis: Int64 {
    cond.lock()
    defer { cond.unlock() }
    return lastTime
  }

  /// The last seq and the checksum of its line, read together (what a snapshot records).
  public var head: (seq: UInt64, lineChecksum: UInt32) {
    cond.lock()
    defer { cond.unlock() }
    return (lastSeqValue, lastChecksum)
  }

  /// Appends `events` as one atomic batch and returns them as recorded.
  ///
  /// With `expectedLastSeq`, the append happens only if the log still ends there.
  /// Returns after the batch is as durable as the policy promises.
  @discardableResult
  /// With `deferSync` (policy `fsync` only) it returns once written and the caller must call
  /// `sync()` before telling anyone the events are durable: a server answering several
  /// pipelined requests at once shares one fsync among them.
  public func append(_ events: [NewEvent], expectedLastSeq: UInt64? = nil, deferSync: Bool = false) throws
    -> [EventRecord]
  {
    for e in events {
      guard e.data.count <= options.maxEventBytes else {
        throw EventLogError.tooLarge(type: e.type, bytes: e.data.count, limit: options.maxEventBytes)
      }
      try EventLine.validate(e)
    }
    cond.lock()
    defer { cond.unlock() }
    guard !isClosed else { throw EventLogError.closed }
    if let poison { throw EventLogError.poisoned(poison) }
    if let expected = expectedLastSeq, expected != lastSeqValue {
      throw EventLogError.conflict(expectedLastSeq: expected, actualLastSeq: lastSeqValue)
    }
    if events.isEmpty { return [] }
    guard UInt64(events.count) <= EventLine.maxSeq - min(lastSeqValue, EventLine.maxSeq) else {
      throw EventLogError.invalidEvent("the log is full: \(EventLine.seqTooLarge)")
    }
    let time = max(options.clock(), lastTime)
    var bytes = [UInt8]()
    bytes.reserveCapacity(events.reduce(0) { $0 + $1.data.count + 120 })
    var records = [EventRecord]()
    records.reserveCapacity(events.count)
    var checksum = lastChecksum
    for (i, e) in events.enumerated() {
      let r = EventRecord(
        seq: lastSeqValue + UInt64(i) + 1, timeMillis: time, type: e.type, version: e.version,
        batchRemaining: events.count - i - 1, data: e.data)
      let lineStart = bytes.count
      EventLine.encode(r, into: &bytes)
      checksum = bytes.withUnsafeBytes {
        EventLine.storedChecksum(UnsafeRawBufferPointer(rebasing: $0[lineStart..<($0.count - 1)])) ?? 0
      }
      records.append(r)
    }
    do {
      try bytes.withUnsafeBytes { raw in try FileIO.writeAll(fd, raw, path) }
    } catch {
      // Leave nothing of a failed batch behind.
      if ftruncate(fd, off_t(writtenEnd)) != 0 { poison = "could not undo a failed write: \(error)" }
      throw error
    }
    writtenEnd += Int64(bytes.count)
    lastSeqValue += UInt64(events.count)
    lastTime = time
    lastChecksum = checksum
    deliver(records)
    switch durability {
    case .fsync: if !deferSync { try makeDurable(upTo: writtenEnd) }
    case .batch(let ms): scheduleSync(after: ms)
    case .none: break
    }
    return records
  }

  /// Forces everything written so far to disk, whatever the policy.
  public func sync() throws {
    cond.lock()
    defer { cond.unlock() }
    guard !isClosed else { throw EventLogError.closed }
    try makeDurable(upTo: writtenEnd)
  }

  /// Group commit; call with `cond` held. One caller fsyncs for everyone waiting.
  private func makeDurable(upTo target: Int64) throws {
    // `min`: a retention cut shrinks the file (all of it synced) under a waiter's old target.
    while durableEnd < min(target, writtenEnd) {
      if let poison { throw EventLogError.poisoned(poison) }
      if syncing {
        cond.wait()
        continue
      }
      syncing = true
      let covered = writtenEnd
      cond.unlock()
      var failure: EventLogError?
      do { try FileIO.sync(fd, path) } catch { failure = EventLogError.from(error, path: path) }
      cond.lock()
      syncing = false
      cond.broadcast()
      if let failure {
        poison = failure.description
        throw failure
      }
      durableEnd = max(durableEnd, covered)
    }
  }

  private func scheduleSync(after ms: Int) {
    guard !syncScheduled else { return }
    syncScheduled = true
    syncQueue.asyncAfter(deadline: .now() + .milliseconds(ms)) { [weak self] in
      guard let self else { return }
      self.cond.lock()
      defer { self.cond.unlock() }
      self.syncScheduled = false
      guard !self.isClosed else { return }
      try? self.makeDurable(upTo: self.writtenEnd)
    }
  }

  /// Flushes (unless the policy is `none`), closes the file and releases the lock.
  public func close() throws {
    cond.lock()
    guard !isClosed else {
      cond.unlock()
      return
    }
    var failure: EventLogError?
    if durability != .none, poison == nil {
      do { try makeDurable(upTo: writtenEnd) } catch { failure = EventLogError.from(error, path: path) }
    }
    while syncing { cond.wait() }
    isClosed = true
    subscribers.removeAll()
    Glibc.close(fd)
    Glibc.close(lockFD)
    cond.unlock()
    deliveryQueue.sync {}
    if let failure { throw failure }
  }

  // MARK: Reading

  /// Streams the events from `seq` (through `through`, if given) as written so far.
  public func read(from seq: UInt64 = 1, through: UInt64? = nil) throws -> LogCursor {
    // Opened under the lock: a retention cut renames a new file in, and `end` is this file's.
    cond.lock()
    defer { cond.unlock() }
    return try LogCursor(path: path, fromSeq: seq, through: through, end: writtenEnd)
  }

  /// The checksum of the line holding `seq`, or nil if there is no such readable line.
  public func lineChecksum(ofSeq seq: UInt64) -> UInt32? {
    cond.lock()
    let last = lastSeqValue
    let lastSum = lastChecksum
    let cursor =
      seq >= 1 && seq < last ? try? LogCursor(path: path, fromSeq: seq, through: seq, end: writtenEnd) : nil
    cond.unlock()
    if seq == last { return lastSum }
    return cursor?.checksumOfNextLine(expectedSeq: seq)
  }

  // MARK: Following

  /// A catch-up hands its records over in chunks of at most this many records…
  public static let catchUpChunkRecords = 1024
  /// …or of about this many bytes of event data (past it by one record at most): what one
  /// chunk holds in memory at once, and so what its message to a follower weighs.
  public static let catchUpChunkBytes = 256 << 10

  /// Delivers every event after `seq` to `handler`, in order and without gaps: first those
  /// already in the log, then each new batch as it is written. Call `cancel()` to stop.
  /// `onFailure` is told if the catch-up read finds damage (the subscription then ends).
  public func follow(
    after seq: UInt64, onFailure: (@Sendable (EventLogError) -> Void)? = nil,
    _ handler: @escaping @Sendable ([EventRecord]) -> Void
  ) -> LogSubscription {
    cond.lock()
    defer { cond.unlock() }
    let id = nextSubscriberID
    nextSubscriberID += 1
    let upTo = lastSeqValue
    let path = self.path
    subscribers[id] = Subscriber(handler: handler)
    let subscription = LogSubscription { [weak self] in self?.unsubscribe(id) }
    if seq < upTo {
      // Opened under the lock (the file a retention cut may replace later is this one), and
      // enqueued under it, so it runs before any batch appended after this point.
      // Handed over whole: only the delivery queue touches the cursor from here on.
      nonisolated(unsafe) let opened = Result {
        try LogCursor(path: path, fromSeq: seq + 1, through: upTo, end: writtenEnd)
      }
      deliveryQueue.async { [weak self] in
        do {
          let cursor = try opened.get()
          var chunk = [EventRecord]()
          var bytes = 0
          // An unsubscribe stops the catch-up at the next chunk, not at its end.
          while self?.isSubscribed(id) == true, let r = try cursor.next() {
            chunk.append(r)
            bytes += r.data.count
            if chunk.count == Self.catchUpChunkRecords || bytes >= Self.catchUpChunkBytes {
              handler(chunk)
              chunk.removeAll(keepingCapacity: true)
              bytes = 0
            }
          }
          if !chunk.isEmpty, self?.isSubscribed(id) == true { handler(chunk) }
        } catch {
          self?.unsubscribe(id)
          onFailure?(EventLogError.from(error, path: path))
        }
      }
    }
    return subscription
  }

  /// Blocks until every delivery to followers enqueued so far has run.
  public func waitForDeliveries() {
    deliveryQueue.sync {}
  }

  private func isSubscribed(_ id: Int) -> Bool {
    cond.lock()
    defer { cond.unlock() }
    return subscribers[id] != nil
  }

  private func unsubscribe(_ id: Int) {
    cond.lock()
    subscribers[id] = nil
    cond.unlock()
  }

  private func deliver(_ records: [EventRecord]) {
    guard !subscribers.isEmpty else { return }
    let ids = Array(subscribers.keys).sorted()
    deliveryQueue.async { [weak self] in
      for id in ids {
        guard let self else { return }
        self.cond.lock()
        let subscriber = self.subscribers[id]
        self.cond.unlock()
        subscriber?.handler(records)
      }
    }
  }
}

/// A follower's registration; `cancel()` stops deliveries (one already under way may finish).
public final class LogSubscription: Sendable {
  private let onCancel: @Sendable () -> Void
  init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
  /// Stops deliveries to this follower.
  public func cancel() { onCancel() }
}
