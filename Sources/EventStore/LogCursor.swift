#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Streams events forward from a log file in constant memory, checking every line.
///
/// A batch is handed out only once all of its lines have been read, so a reader never sees
/// half of an atomic append. Damage before the end throws `EventLogError.corrupted`; a torn
/// final write (as a crash leaves it) ends the stream and is reported in `tornTail`.
public final class LogCursor {
  private let fd: Int32
  private let path: String
  private var reader: LineReader
  private var continuity: LogContinuity
  private let through: UInt64?
  private var pending: [EventRecord] = []
  private var ready: [EventRecord] = []
  private var readyIndex = 0
  private var finished = false
  private var pendingStart: Int64 = 0
  private var envelopes = EnvelopeMemory()
  /// The damage (or the failed read) the last pass met, reported once the records before it
  /// are handed out.
  private var damage: (any Error)?

  /// Whether each event's data is checked to be well-formed JSON as it is read (true), or
  /// only delimited, for a consumer that parses every data object itself (replay).
  public var checksData = true

  /// Set when the stream ended at a torn final write instead of a clean end.
  public private(set) var tornTail: TornTail?

  /// Opens `path` for reading from byte `offset` (a line start) up to `end` (nil: end of file).
  /// `firstSeq`, if known, is the seq the first line must have.
  public init(
    path: String, offset: Int64 = 0, firstSeq: UInt64? = 1, through: UInt64? = nil, end: Int64? = nil
  )
    throws
  {
    self.fd = try FileIO.open(path, O_RDONLY)
    self.path = path
    self.reader = LineReader(fd: fd, path: path, start: offset, end: end)
    self.continuity = offset == 0 ? .fromStart() : LogContinuity(expectedSeq: firstSeq)
    self.through = through
  }

  /// Opens `path` for reading from the line of `seq` (found by binary search) up to `end`.
  public convenience init(path: String, fromSeq seq: UInt64, through: UInt64? = nil, end: Int64? = nil)
    throws
  {
    let probe = try FileIO.open(path, O_RDONLY)
    defer { close(probe) }
    let limit = try end ?? FileIO.size(probe, path)
    let offset = try SeqSearch.offset(ofSeq: seq, fd: probe, path: path, end: limit)
    try self.init(path: path, offset: offset, firstSeq: max(seq, 1), through: through, end: limit)
  }

  deinit { close(fd) }

  /// Reads the next line whole and returns its stored checksum if it decodes and holds `expectedSeq`.
  func checksumOfNextLine(expectedSeq: UInt64) -> UInt32? {
    let found = try? reader.next { _, line, terminated -> UInt32? in
      guard terminated, let r = try? EventLine.decode(line), r.seq == expectedSeq else { return nil }
      return EventLine.storedChecksum(line)
    }
    return found ?? nil
  }

  /// The next event, or nil at the end (or past `through`).
  public func next() throws -> EventRecord? {
    while true {
      if readyIndex < ready.count {
        let r = ready[readyIndex]
        readyIndex += 1
        if let through, r.seq > through {
          finished = true
          return nil
        }
        return r
      }
      // Every record read before a damaged line is handed out before the damage is reported.
      if let damage {
        self.damage = nil
        finished = true
        throw damage
      }
      if finished { return nil }
      ready.removeAll(keepingCapacity: true)
      readyIndex = 0
      try readLines()
    }
  }

  /// Whole batches read ahead at a time: many lines are read in one pass over the reader,
  /// where a pass per line cost the cursor's bookkeeping (a copy of its memory in and out,
  /// exclusivity checks) once per line. Bounds `ready` (it is emptied before each pass).
  static let readAhead = 128

  /// Reads lines into the batch being assembled until `ready` holds `readAhead` records of
  /// whole batches, a line fails, or the input ends.
  private func readLines() throws {
    // `whole`: the bad line ends in a newline, so it is damage, not an unfinished write.
    var failure: (offset: Int64, reason: String, seq: UInt64?, whole: Bool)?
    // What the lines change is taken out of the cursor for the pass and put back after: the
    // closure then writes locals, where touching the object's members cost six dynamic
    // exclusivity checks a line.
    var envelopes = self.envelopes
    var continuity = self.continuity
    var pending = self.pending
    var ready = self.ready
    var pendingStart = self.pendingStart
    self.envelopes = EnvelopeMemory()
    self.pending = []
    self.ready = []
    let checksData = self.checksData
    let through = self.through
    func putBack() {
      self.envelopes = envelopes
      self.continuity = continuity
      self.pending = pending
      self.ready = ready
      self.pendingStart = pendingStart
    }
    let more: Bool
    do {
      more = try reader.forEach { offset, line, terminated -> Bool in
        guard terminated else {
          failure = (offset, "final line has no newline", nil, false)
          return false
        }
        do throws(EventLine.Failure) {
          let r = try EventLine.decode(line, checkingData: checksData, memory: &envelopes)
          if let problem = continuity.accept(r) {
            failure = (offset, problem, r.seq, true)
            return false
          }
          let seq = r.seq
          if r.batchRemaining == 0, pending.isEmpty {
            // A batch of one line, as most are: whole at once.
            ready.append(r)
          } else {
            if pending.isEmpty { pendingStart = offset }
            pending.append(r)
            guard pending[pending.count - 1].batchRemaining == 0 else { return true }
            ready.append(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
          }
          // Nothing past `through` is read ahead: a line there is none of the reader's
          // business (its damage included), as when lines were read one at a time.
          if let through, seq > through { return false }
        } catch {
          failure = (offset, error.reason, EventLine.peekSeq(line), true)
          return false
        }
        return ready.count < Self.readAhead
      }
    } catch {
      // A read that failed (the file itself): reported, as damage is, after the records
      // this pass read before it.
      putBack()
      damage = error
      return
    }
    putBack()
    if let cut = reader.cutLength, failure != nil { failure?.reason = LineReader.tooLong(cut) }
    if let failure {
      // A bad line with nothing after it is a torn write; anything else is damage.
      let isLast = (try? reader.next { _, _, _ in true }) == nil
      if isLast {
        endTorn(
          at: pending.isEmpty ? failure.offset : pendingStart, reason: failure.reason, damaged: failure.whole)
        return
      }
      damage = EventLogError.corrupted(
        file: path, line: lineNumber(fd: fd, path: path, offset: failure.offset), seq: failure.seq,
        reason: failure.reason)
      return
    }
    if !more {
      if !pending.isEmpty {
        endTorn(at: pendingStart, reason: "the final batch is incomplete")
      } else {
        finished = true
      }
    }
  }

  private func endTorn(at offset: Int64, reason: String, damaged: Bool = false) {
    let size = (try? FileIO.size(fd, path)) ?? offset
    let seq = pending.first?.seq ?? continuity.expectedSeq ?? 0
    tornTail = TornTail(offset: offset, bytes: size - offset, seq: seq, reason: reason, damaged: damaged)
    pending.removeAll()
    finished = true
  }
}
