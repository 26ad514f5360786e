#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `LogRepair` did.
public struct RepairReport: Sendable, Equatable {
  /// The problems the log had before the repair.
  public var problems: [LogProblem]
  /// Events kept (the valid prefix).
  public var keptEvents: UInt64
  /// Bytes dropped from the end.
  public var removedBytes: Int64
  /// Where the original file now lives, untouched; nil when the log was already clean.
  public var movedAside: String?
}

/// Why `LogRepair` left a log as it was.
public struct RepairRefusal: Error, Sendable, Equatable, CustomStringConvertible {
  /// The sound lines this build cannot read (the first few), which nothing may cut.
  public var problems: [LogProblem]
  /// A newer build wrote some of them: open the log with that build.
  public var writtenByNewerBuild: Bool
  public var description: String {
    let first = problems.first.map { "\($0)" } ?? ""
    return writtenByNewerBuild
      ? "the log was written by a newer build, so nothing was changed: \(first)"
      : "nothing to cut: the log's bytes are sound, but this build cannot read \(problems.count) line(s), and repair never cuts a line for what its data says: \(first). "
        + (problems.contains { $0.type == EventLine.baseType }
          ? EventLine.unreadableBaseWayOut
          : "To go on without them, `gallery-rpc repair LOG --set-aside-unreadable` replaces each by a log.setAside event and keeps it beside the log")
  }
}

/// Keeps the valid prefix of a damaged log and moves the original aside; never deletes. It
/// cuts only bytes that fail their checksum, break the sequence or were never finished: a
/// sound line this build cannot read (a newer build's, or data it does not understand) is
/// never a reason to cut, and a log with a newer build's lines is left untouched.
public enum LogRepair {
  /// A free name beside the log: `path.damaged-STAMP`, or with `-2`, `-3`… after it.
  static func asideName(_ path: String, _ stamp: String) -> String {
    var aside = "\(path).damaged-\(stamp)"
    var n = 1
    while FileIO.exists(aside) {
      n += 1
      aside = "\(path).damaged-\(stamp)-\(n)"
    }
    return aside
  }

  /// Gives the log a second name (a hard link: no bytes copied) before it is replaced by a
  /// rename, so no crash can leave neither; returns that name.
  static func keepCopy(of path: String, stamp: String) throws -> String {
    let aside = asideName(path, stamp)
    guard link(path, aside) == 0 else { throw EventLogError.io(operation: "link", path: aside, errno: errno) }
    try FileIO.syncDirectory(FileIO.directory(of: path))
    return aside
  }

  /// Copies the bytes from `offset` to the end (a damaged final line about to be cut in
  /// place) to a file beside the log, 1 MiB at a time, made durable before the cut; returns
  /// its name.
  static func keepCut(fd: Int32, path: String, from offset: Int64, stamp: String) throws -> String {
    let size = try FileIO.size(fd, path)
    let aside = asideName(path, stamp)
    let out = try FileIO.open(aside, O_WRONLY | O_CREAT | O_EXCL)
    defer { close(out) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var at = offset
    while at < size {
      let count = Int(min(Int64(buffer.count), size - at))
      let got = try buffer.withUnsafeMutableBytes { raw in
        try FileIO.read(fd, into: raw, count: count, at: at, path)
      }
      guard got == count else { throw EventLogError.io(operation: "read", path: path, errno: EIO) }
      try buffer.withUnsafeBytes { raw in
        try FileIO.writeAll(out, UnsafeRawBufferPointer(rebasing: raw[0..<count]), aside)
      }
      at += Int64(count)
    }
    try FileIO.sync(out, aside)
    try FileIO.syncDirectory(FileIO.directory(of: path))
    return aside
  }

  /// Repairs the log at `path`; takes the writer lock, so no writer may have it open.
  /// `stamp` names the moved-aside copy (`path.damaged-STAMP`).
  /// `payloadProblem` is the verifier's: a newer build's line makes repair refuse
  /// (`RepairRefusal`); other lines it names are reported and kept.
  public static func repair(
    path: String, stamp: String, payloadProblem: ((EventRecord) -> PayloadProblem?)? = nil
  ) throws -> RepairReport {
    try verifiedUnderLock(path, payloadProblem) { report in try repair(path, stamp, report) }
  }

  /// Runs `body` with the log's writer lock held (no writer may have it open) and the log's
  /// verification: what a rewrite of the log (`repair`, `LogSetAside`) decides from.
  static func verifiedUnderLock<T>(
    _ path: String, _ payloadProblem: ((EventRecord) -> PayloadProblem?)?,
    _ body: (VerificationReport) throws -> T
  ) throws -> T {
    let lockFD = try WriterLock.acquireLockFile(path + ".lock")
    defer { close(lockFD) }
    let held = try FileIO.open(path, O_RDONLY)
    defer { close(held) }
    try WriterLock.lockLogFile(held, path: path, lockPath: path + ".lock")
    return try body(try LogVerifier.verify(path: path, payloadProblem: payloadProblem))
  }

  private static func repair(_ path: String, _ stamp: String, _ report: VerificationReport) throws
    -> RepairReport
  {
    guard !report.isClean else {
      return RepairReport(
        problems: [], keptEvents: report.validPrefixLastSeq, removedBytes: 0, movedAside: nil)
    }
    if report.writtenByNewerBuild || report.validPrefixEnd == report.bytes {
      throw RepairRefusal(
        problems: Array(report.payloadProblems.prefix(5)), writtenByNewerBuild: report.writtenByNewerBuild)
    }
    let fd = try FileIO.open(path, O_RDONLY)
    defer { close(fd) }
    var prefix = [UInt8](repeating: 0, count: Int(report.validPrefixEnd))
    let count = prefix.count
    let got = try prefix.withUnsafeMutableBytes { raw in
      try FileIO.read(fd, into: raw, count: count, at: 0, path)
    }
    guard got == count else { throw EventLogError.io(operation: "read", path: path, errno: EIO) }
    let aside = try keepCopy(of: path, stamp: stamp)
    try FileIO.writeAtomically(prefix, to: path)
    return RepairReport(
      problems: report.problems, keptEvents: report.validPrefixLastSeq,
      removedBytes: report.bytes - report.validPrefixEnd, movedAside: aside)
  }
}
