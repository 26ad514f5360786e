#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why this build cannot replay an event whose line is sound (`LogVerifier`'s `payloadProblem`).
public struct PayloadProblem: Sendable, Equatable {
  public var reason: String
  /// A newer build wrote it (a type or a version this build does not know).
  public var writtenByNewerBuild: Bool

  public init(reason: String, writtenByNewerBuild: Bool) {
    self.reason = reason
    self.writtenByNewerBuild = writtenByNewerBuild
  }
}

/// One thing wrong with a log file.
public struct LogProblem: Sendable, Equatable, CustomStringConvertible {
  /// What kind of problem, and who may act on it:
  /// - `tornTail`: the end of an unfinished write, which opening cuts;
  /// - `damage`: bytes that fail their checksum or break the sequence, which `repair` cuts
  ///   (keeping them aside);
  /// - `newerBuild`: a sound line a newer build wrote; nothing cuts or moves it;
  /// - `unreadable`: a sound line whose data this build cannot read; nothing cuts it either.
  public enum Kind: String, Sendable { case damage, tornTail, newerBuild, unreadable }
  public var kind: Kind
  /// 1-based line number.
  public var line: Int
  /// Byte offset of the line.
  public var offset: Int64
  /// The seq the line carries, if it could be read.
  public var seq: UInt64?
  public var reason: String
  /// The line's event type, where it was read (a `log.base` that does not read cannot be set
  /// aside, so what to do about it differs).
  public var type: String?

  public var description: String {
    let at = seq.map { ", seq \($0)" } ?? ""
    let what: String
    switch kind {
    case .tornTail: what = "torn tail"
    case .damage: what = "damage"
    case .newerBuild: what = "newer build"
    case .unreadable: what = "unreadable"
    }
    return "line \(line) (byte \(offset)\(at)): \(what): \(reason)"
  }
}

/// What `LogVerifier` found in a whole log.
public struct VerificationReport: Sendable, Equatable {
  public var path: String
  /// Lines that decoded and followed their predecessor.
  public var goodEvents: UInt64
  public var lines: Int
  public var bytes: Int64
  public var problems: [LogProblem]
  /// Where the valid prefix ends: the end of the last whole batch before the first problem in
  /// the bytes (damage or a torn tail). A sound line this build cannot read does not end it:
  /// it is the build's problem, not the file's.
  public var validPrefixEnd: Int64
  /// The last seq inside the valid prefix.
  public var validPrefixLastSeq: UInt64
  /// The seq of the first good line: 1, or that of a retention base (0 when none).
  public var firstSeq: UInt64 = 0

  /// No problem at all.
  public var isClean: Bool { problems.isEmpty }
  /// Damage that opening would refuse (a torn tail alone is recovered by opening).
  public var hasDamage: Bool { problems.contains { $0.kind == .damage } }
  /// Lines a newer build wrote: this build must leave the log as it is.
  public var writtenByNewerBuild: Bool { problems.contains { $0.kind == .newerBuild } }
  /// Sound lines this build cannot read (`newerBuild` or `unreadable`).
  public var payloadProblems: [LogProblem] {
    problems.filter { $0.kind == .newerBuild || $0.kind == .unreadable }
  }
  /// Whether every problem found so far is one of the data, not of the bytes.
  var bytesSound: Bool { problems.allSatisfy { $0.kind == .newerBuild || $0.kind == .unreadable } }
}

/// Reads a whole log and lists every problem; changes nothing. The judgement is the one
/// opening and replaying make: only an unfinished write at the very end (a final line with
/// no newline, or a final batch whose lines are whole but too few) is a torn tail that
/// opening cuts; a whole line that does not check, breaks the sequence, or carries data its
/// type cannot be read from (`payloadProblem`, the domain's decoder) is damage.
public enum LogVerifier {
  /// `payloadProblem` names what is wrong with an event's data (nil: it replays); without it
  /// only the envelope is checked.
  public static func verify(path: String, payloadProblem: ((EventRecord) -> PayloadProblem?)? = nil) throws
    -> VerificationReport
  {
    let fd = try FileIO.open(path, O_RDONLY)
    defer { close(fd) }
    let size = try FileIO.size(fd, path)
    var reader = LineReader(fd: fd, path: path, start: 0)
    var continuity = LogContinuity.fromStart()
    var report = VerificationReport(
      path: path, goodEvents: 0, lines: 0, bytes: size, problems: [], validPrefixEnd: 0, validPrefixLastSeq: 0
    )
    var lastLineWasBad = false
    // `report.bytesSound`, kept as problems are found: asking the report on every line would
    // walk every problem so far, quadratic in a log of many unreadable lines.
    var bytesSound = true
    let unterminated = "the final line has no newline"
    var batchStart: (offset: Int64, line: Int, seq: UInt64)?
    while let _: Void = try reader.next({ offset, line, terminated in
      report.lines += 1
      let lineNo = report.lines
      func problem(_ seq: UInt64?, _ reason: String, _ kind: LogProblem.Kind = .damage) {
        report.problems.append(
          LogProblem(kind: kind, line: lineNo, offset: offset, seq: seq, reason: reason))
        lastLineWasBad = kind == .damage
        if kind != .newerBuild, kind != .unreadable { bytesSound = false }
      }
      lastLineWasBad = false
      guard terminated else { return problem(EventLine.peekSeq(line), unterminated) }
      let r: EventRecord
      do throws(EventLine.Failure) { r = try EventLine.decode(line) } catch {
        if continuity.atStart {
          continuity.atStart = false
          continuity.expectedSeq = (EventLine.peekSeq(line) ?? 1) + 1
        } else if let expected = continuity.expectedSeq {
          continuity.expectedSeq = expected + 1
        }
        continuity.batchRemaining = max(0, continuity.batchRemaining - 1)
        return problem(EventLine.peekSeq(line), error.reason)
      }
      if continuity.batchRemaining == 0 { batchStart = (offset, lineNo, r.seq) }
      if let reason = continuity.accept(r) { return problem(r.seq, reason) }
      if let payload = payloadProblem?(r) {
        problem(
          r.seq, "its data does not replay on this build: \(payload.reason)",
          payload.writtenByNewerBuild ? .newerBuild : .unreadable)
        report.problems[report.problems.count - 1].type = r.type
      } else {
        report.goodEvents += 1
      }
      if report.firstSeq == 0 { report.firstSeq = r.seq }
      if bytesSound, r.batchRemaining == 0 {
        report.validPrefixEnd = offset + Int64(line.count) + 1
        report.validPrefixLastSeq = r.seq
      }
    }) {
      // A line past the reader's bound was handed over as its first bytes: say what it was.
      if let cut = reader.cutLength, let last = report.problems.indices.last,
        report.problems[last].line == report.lines
      {
        report.problems[last].reason = LineReader.tooLong(cut)
      }
    }
    if continuity.batchRemaining > 0, !lastLineWasBad, let start = batchStart {
      report.problems.append(
        LogProblem(
          kind: .tornTail, line: start.line, offset: start.offset, seq: start.seq,
          reason: "the final batch is incomplete (\(continuity.batchRemaining) more line(s) expected)"))
    } else if lastLineWasBad, let last = report.problems.last, last.line == report.lines,
      last.reason == unterminated
    {
      report.problems[report.problems.count - 1].kind = .tornTail
    }
    return report
  }
}
