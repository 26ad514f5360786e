#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What opening found at the end of the log: where it ends and what, if anything, was cut.
struct LogTail {
  var lastSeq: UInt64 = 0
  var lastTimeMillis: Int64 = 0
  /// CRC-32C of the last kept line, so a snapshot can prove it belongs to this log.
  var lastLineChecksum: UInt32 = 0
  /// Byte length of the log once the torn part is cut.
  var end: Int64 = 0
  var torn: TornTail?
  /// The cut part held a complete line that was damaged (not an unfinished write).
  var damaged = false
}

/// Checks the end of a log without reading all of it: a torn final line or an incomplete
/// final batch is found (to be cut); damage just before it fails the open.
///
/// Only the last few lines are read, so opening a long log stays fast; lines further back
/// are checked whenever they are read, and all of them by `LogVerifier`.
struct LogRecovery {
  let fd: Int32
  let path: String
  /// The longest line the log itself would write; a longer one is damage, and its bytes are
  /// never gathered (only its start is found).
  var maxLineBytes = (16 << 20) + 65536

  struct Line {
    var start: Int64
    var bytes: [UInt8]
    /// The line is longer than `maxLineBytes`: `bytes` is empty.
    var tooLong = false
  }

  /// The line that ends just before `end` (`end` is the offset of its `\n`, or of EOF).
  /// Reads backwards in 64 KiB chunks and joins them once: linear in the line's length.
  func line(endingAt end: Int64) throws -> Line {
    var start = end
    var chunks: [[UInt8]] = []
    var collected = 0
    let chunk: Int64 = 65536
    while start > 0 {
      let from = max(0, start - chunk)
      var buf = [UInt8](repeating: 0, count: Int(start - from))
      let count = buf.count
      let got = try buf.withUnsafeMutableBytes { raw in
        try FileIO.read(fd, into: raw, count: count, at: from, path)
      }
      guard got == count else { throw EventLogError.io(operation: "read", path: path, errno: EIO) }
      let newline = buf.lastIndex(of: 0x0A)
      let piece = newline.map { Array(buf[($0 + 1)...]) } ?? buf
      collected += piece.count
      if collected <= maxLineBytes { chunks.append(piece) }
      if let newline {
        start = from + Int64(newline) + 1
        break
      }
      start = from
    }
    guard collected <= maxLineBytes else { return Line(start: start, bytes: [], tooLong: true) }
    return Line(start: start, bytes: Array(chunks.reversed().joined()))
  }

  func decode(_ line: Line) -> Result<EventRecord, EventLine.Failure> {
    if line.tooLong {
      return .failure(
        EventLine.Failure(
          isChecksumMismatch: false, reason: "a line longer than the \(maxLineBytes) bytes any event takes"))
    }
    return line.bytes.withUnsafeBytes { raw in
      Result { () throws(EventLine.Failure) in try EventLine.decode(raw) }
    }
  }

  func damage(_ line: Line, _ reason: String) -> EventLogError {
    let seq = line.bytes.withUnsafeBytes { EventLine.peekSeq($0) }
    return EventLogError.corrupted(
      file: path, line: lineNumber(fd: fd, path: path, offset: line.start), seq: seq, reason: reason)
  }

  func run() throws -> LogTail {
    let size = try FileIO.size(fd, path)
    var tail = LogTail(end: size)
    guard size > 0 else { return tail }
    var end = size
    var cut: (offset: Int64, reason: String)?

    var last = [UInt8](repeating: 0, count: 1)
    _ = try last.withUnsafeMutableBytes { raw in
      try FileIO.read(fd, into: raw, count: 1, at: size - 1, path)
    }
    if last[0] != 0x0A {
      let fragment = try line(endingAt: size)
      cut = (fragment.start, "the final line has no newline")
      end = fragment.start
    }

    // The last complete line: good, or torn if nothing else was torn.
    var kept: (line: Line, record: EventRecord)?
    if end > 0 {
      let candidate = try line(endingAt: end - 1)
      switch decode(candidate) {
      case .success(let r): kept = (candidate, r)
      case .failure(let f):
        guard cut == nil else { throw damage(candidate, f.reason) }
        // A whole line (it ends in a newline) that does not check is damage, not a torn
        // write: it is cut so the log can go on, and the opener keeps a copy first.
        cut = (candidate.start, "the final line is complete but damaged: \(f.reason)")
        tail.damaged = true
        end = candidate.start
        if end > 0 {
          let previous = try line(endingAt: end - 1)
          switch decode(previous) {
          case .success(let r): kept = (previous, r)
          case .failure(let f2): throw damage(previous, f2.reason)
          }
        }
      }
    }

    // An incomplete final batch goes as a whole.
    if let k = kept, k.record.batchRemaining > 0 {
      var firstOfBatch = k
      kept = nil
      while firstOfBatch.line.start > 0 {
        let previous = try line(endingAt: firstOfBatch.line.start - 1)
        let r: EventRecord
        switch decode(previous) {
        case .success(let ok): r = ok
        case .failure(let f): throw damage(previous, f.reason)
        }
        if r.batchRemaining == firstOfBatch.record.batchRemaining + 1, r.seq + 1 == firstOfBatch.record.seq {
          firstOfBatch = (previous, r)
          continue
        }
        guard r.batchRemaining == 0, r.seq + 1 == firstOfBatch.record.seq else {
          throw damage(firstOfBatch.line, "batch broken before the final batch")
        }
        kept = (previous, r)
        break
      }
      cut = (firstOfBatch.line.start, "the final batch (from seq \(firstOfBatch.record.seq)) is incomplete")
      end = firstOfBatch.line.start
    }

    if let k = kept {
      // The kept line must follow the one before it.
      if k.line.start > 0 {
        let previous = try line(endingAt: k.line.start - 1)
        switch decode(previous) {
        case .failure(let f): throw damage(previous, f.reason)
        case .success(let p):
          var check = LogContinuity(expectedSeq: p.seq)
          _ = check.accept(p)
          if let problem = check.accept(k.record) { throw damage(k.line, problem) }
        }
      } else {
        var check = LogContinuity.fromStart()
        if let problem = check.accept(k.record) { throw damage(k.line, problem) }
      }
      tail.lastSeq = k.record.seq
      tail.lastTimeMillis = k.record.timeMillis
      tail.lastLineChecksum = k.line.bytes.withUnsafeBytes { EventLine.storedChecksum($0) } ?? 0
    }
    tail.end = end
    if let cut {
      tail.torn = TornTail(
        offset: cut.offset, bytes: size - cut.offset, seq: tail.lastSeq + 1, reason: cut.reason,
        damaged: tail.damaged)
    }
    return tail
  }
}
