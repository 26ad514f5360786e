#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `LogSetAside` did.
public struct SetAsideReport: Sendable, Equatable {
  /// The lines set aside (their seq, type and why their data does not read), in log order.
  public var lines: [LogProblem]
  /// The file that holds them, byte for byte; nil when there was nothing to set aside.
  public var keptIn: String?
  /// The first seq set aside: what the state was built from after it is lost.
  public var firstSeq: UInt64? { lines.first?.seq }
}

/// The way out of a log this build cannot read (`repair --set-aside-unreadable`): each sound
/// line whose data does not decode is replaced, at the same seq, time and place in its batch,
/// by a placeholder event that changes nothing, and the line itself is kept in a file beside
/// the log. Nothing is cut silently: the log keeps its seqs, the kept file holds every line
/// taken out, and the report says which. A log with damage (repair that first) or with a
/// newer build's lines (never touched) is refused as `LogRepair` refuses it.
public enum LogSetAside {
  /// The placeholder's type, version and data for a line set aside, given the line's record,
  /// why it does not read and the kept file's name.
  public typealias Placeholder = (EventRecord, String, String) throws -> (
    type: String, version: Int, data: [UInt8]
  )

  /// Sets aside every unreadable line of the log at `path`; takes the writer lock. The kept
  /// file is `path.set-aside-STAMP` (0600); the log is rewritten whole through a temp file and
  /// a rename, so a crash leaves the old log or the new one.
  /// `then` runs once the log is rewritten, with the lock still held (the caller's caches of
  /// the old log go there).
  public static func run(
    path: String, stamp: String, payloadProblem: @escaping (EventRecord) -> PayloadProblem?,
    placeholder: Placeholder, then: (SetAsideReport) -> Void = { _ in }
  ) throws -> SetAsideReport {
    try LogRepair.verifiedUnderLock(path, payloadProblem) { report in
      try setAside(path, stamp, report, payloadProblem, placeholder, then)
    }
  }

  private static func setAside(
    _ path: String, _ stamp: String, _ report: VerificationReport,
    _ payloadProblem: (EventRecord) -> PayloadProblem?, _ placeholder: Placeholder,
    _ then: (SetAsideReport) -> Void
  ) throws -> SetAsideReport {
    if report.writtenByNewerBuild {
      throw RepairRefusal(problems: Array(report.payloadProblems.prefix(5)), writtenByNewerBuild: true)
    }
    if let damage = report.problems.first(where: { $0.kind != .unreadable }) {
      throw SetAsideRefusal(
        description:
          "the log has damage as well (\(damage)): run `gallery-rpc repair \(path)` first, then set aside what is left"
      )
    }
    let unreadable = report.problems.filter { $0.kind == .unreadable }
    guard !unreadable.isEmpty else { return SetAsideReport(lines: [], keptIn: nil) }
    let bad = Set(unreadable.map(\.line))

    var kept = "\(path).set-aside-\(stamp)"
    var n = 1
    while FileIO.exists(kept) {
      n += 1
      kept = "\(path).set-aside-\(stamp)-\(n)"
    }
    let keptName = String(kept.split(separator: "/").last ?? "")
    let temp = path + ".setting-aside"
    unlink(temp)  // a crash's leftover: this run makes it again
    let out = try FileIO.open(temp, O_WRONLY | O_CREAT | O_EXCL)
    let aside = try FileIO.open(kept, O_WRONLY | O_CREAT | O_EXCL)
    var finished = false
    defer {
      close(out)
      close(aside)
      if !finished {
        unlink(temp)
        unlink(kept)
      }
    }
    let fd = try FileIO.open(path, O_RDONLY)
    defer { close(fd) }
    var reader = LineReader(fd: fd, path: path, start: 0)
    var lineNo = 0
    var failure: (any Error)?
    // Copies each line as it is, but the unreadable ones: those go to the kept file, and a
    // placeholder takes their place. Memory: one line at a time (the reader's chunk).
    while let _: Void = try reader.next({ _, line, _ in
      lineNo += 1
      guard failure == nil else { return }
      do {
        if bad.contains(lineNo) {
          let record = try EventLine.decode(line)
          guard record.type != EventLine.baseType else {
            throw SetAsideRefusal(
              description:
                "the log.base at seq \(record.seq) does not read: it holds the state every later event builds on, so it cannot be set aside. \(EventLine.unreadableBaseWayOut)"
            )
          }
          let reason = payloadProblem(record)?.reason ?? "its data does not read"
          let made = try placeholder(record, reason, keptName)
          var bytes: [UInt8] = []
          EventLine.encode(
            EventRecord(
              seq: record.seq, timeMillis: record.timeMillis, type: made.type, version: made.version,
              batchRemaining: record.batchRemaining, data: made.data), into: &bytes)
          try bytes.withUnsafeBytes { try FileIO.writeAll(out, $0, temp) }
          try FileIO.writeAll(aside, line, kept)
          try [UInt8(ascii: "\n")].withUnsafeBytes { try FileIO.writeAll(aside, $0, kept) }
        } else {
          try FileIO.writeAll(out, line, temp)
          try [UInt8(ascii: "\n")].withUnsafeBytes { try FileIO.writeAll(out, $0, temp) }
        }
      } catch {
        failure = error
      }
    }) {}
    if let failure { throw failure }
    try FileIO.sync(aside, kept)
    try FileIO.sync(out, temp)
    try FileIO.rename(temp, path)
    try FileIO.syncDirectory(FileIO.directory(of: path))
    finished = true
    let done = SetAsideReport(lines: unreadable, keptIn: kept)
    then(done)
    return done
  }
}

/// Why `LogSetAside` left a log as it was.
public struct SetAsideRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
}
