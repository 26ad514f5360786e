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

/// Keeps the valid prefix of a damaged log and moves the original aside; never deletes.
public enum LogRepair {
  /// Repairs the log at `path`; takes the writer lock, so no writer may have it open.
  /// `stamp` names the moved-aside copy (`path.damaged-STAMP`).
  public static func repair(path: String, stamp: String) throws -> RepairReport {
    let lockFD = try EventLog.acquireLock(path + ".lock")
    defer { close(lockFD) }
    let report = try LogVerifier.verify(path: path)
    guard !report.isClean else {
      return RepairReport(
        problems: [], keptEvents: report.validPrefixLastSeq, removedBytes: 0, movedAside: nil)
    }
    var aside = "\(path).damaged-\(stamp)"
    var n = 1
    while FileIO.exists(aside) {
      n += 1
      aside = "\(path).damaged-\(stamp)-\(n)"
    }
    let fd = try FileIO.open(path, O_RDONLY)
    defer { close(fd) }
    var prefix = [UInt8](repeating: 0, count: Int(report.validPrefixEnd))
    let count = prefix.count
    let got = try prefix.withUnsafeMutableBytes { raw in
      try FileIO.read(fd, into: raw, count: count, at: 0, path)
    }
    guard got == count else { throw EventLogError.io(operation: "read", path: path, errno: EIO) }
    // The original gets its second name first, so no crash can leave neither.
    guard link(path, aside) == 0 else { throw EventLogError.io(operation: "link", path: aside, errno: errno) }
    try FileIO.writeAtomically(prefix, to: path)
    return RepairReport(
      problems: report.problems, keptEvents: report.validPrefixLastSeq,
      removedBytes: report.bytes - report.validPrefixEnd, movedAside: aside)
  }
}
