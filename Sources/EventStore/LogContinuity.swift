/// The rules that tie one line to the next: gapless seq and whole batches.
/// Shared by reading, recovery and verification so they agree on what damage is.
struct LogContinuity {
  /// The seq the next line must carry; nil before the first line read from a mid-log offset.
  var expectedSeq: UInt64?
  /// Lines still owed by the batch in progress.
  var batchRemaining = 0
  /// Set before the log's first line: seq 1, or a retention base at any seq.
  var atStart = false

  /// Continuity from the log's first line.
  static func fromStart() -> LogContinuity { LogContinuity(expectedSeq: nil, atStart: true) }

  /// Checks `r` against the lines before it and advances; returns the problem, if any.
  mutating func accept(_ r: EventRecord) -> String? {
    let first = atStart
    atStart = false
    defer {
      expectedSeq = r.seq &+ 1
      batchRemaining = r.batchRemaining
    }
    if r.type == EventLine.baseType {
      guard first || expectedSeq == nil else { return "a \(EventLine.baseType) line after the first line" }
      return r.batchRemaining == 0 ? nil : "a \(EventLine.baseType) line in a batch"
    }
    if first, r.seq != 1 { return "the first line has seq \(r.seq), expected 1" }
    if let expected = expectedSeq, r.seq != expected {
      return r.seq < expected
        ? "seq \(r.seq) repeats or goes back (expected \(expected))"
        : "seq gap: expected \(expected), found \(r.seq)"
    }
    if batchRemaining > 0, r.batchRemaining != batchRemaining - 1 {
      return "batch broken: expected \"more\":\(batchRemaining - 1), found \(r.batchRemaining)"
    }
    return nil
  }
}

/// A damaged end of the log that recovery cut off (or that a reader stopped before):
/// the bytes of a write that did not finish.
public struct TornTail: Sendable, Equatable, CustomStringConvertible {
  /// Byte offset where the torn part began.
  public var offset: Int64
  /// How many bytes were cut.
  public var bytes: Int64
  /// The seq the first cut line would have had.
  public var seq: UInt64
  /// Why the tail was judged torn.
  public var reason: String
  /// A complete line was damaged (a flipped bit, not an unfinished write): the cut events
  /// had been confirmed, so the original file was kept at `keptCopy` before the cut.
  public var damaged = false
  public var keptCopy: String?

  public init(
    offset: Int64, bytes: Int64, seq: UInt64, reason: String, damaged: Bool = false, keptCopy: String? = nil
  ) {
    self.offset = offset
    self.bytes = bytes
    self.seq = seq
    self.reason = reason
    self.damaged = damaged
    self.keptCopy = keptCopy
  }

  public var description: String {
    guard damaged else {
      return "cut a torn tail of \(bytes) bytes at offset \(offset) (seq \(seq) onward): \(reason)"
    }
    let copy = keptCopy.map { "the cut bytes are kept at \($0)" } ?? "no copy could be kept"
    return
      "DAMAGE: cut \(bytes) bytes at offset \(offset) (seq \(seq) onward, events that had been recorded): \(reason); \(copy)"
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts the lines that start before `offset` (so the line at `offset` has number result + 1).
/// Used only to name a damaged line in an error.
func lineNumber(fd: Int32, path: String, offset: Int64) -> Int {
  var count = 0
  var at: Int64 = 0
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while at < offset {
    let want = Int(min(Int64(buffer.count), offset - at))
    let got = buffer.withUnsafeMutableBytes { raw in
      (try? FileIO.read(fd, into: raw, count: want, at: at, path)) ?? 0
    }
    if got == 0 { break }
    buffer.withUnsafeBytes { raw in
      for k in 0..<got where raw[k] == 0x0A { count += 1 }
    }
    at += Int64(got)
  }
  return count + 1
}
