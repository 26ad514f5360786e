/// Everything that can go wrong with a log, each case naming what and where.
public enum EventLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Another writer holds the log's lock file.
  case locked(lockFile: String, holderPID: Int32?)
  /// Optimistic concurrency: the caller expected a different last seq.
  case conflict(expectedLastSeq: UInt64, actualLastSeq: UInt64)
  /// A line before the tail is damaged; nothing was skipped or rewritten.
  case corrupted(file: String, line: Int, seq: UInt64?, reason: String)
  /// An event was refused before anything was written.
  case invalidEvent(String)
  /// An event's data is over the largest line the log writes; nothing was written.
  case tooLarge(type: String, bytes: Int, limit: Int)
  /// A system call failed.
  case io(operation: String, path: String, errno: Int32)
  /// The log was closed.
  case closed
  /// An earlier fsync failed; the log refuses appends because what is on disk is unknown.
  case poisoned(String)

  /// Any error from the log's own calls as an `EventLogError` (they throw nothing else).
  static func from(_ error: any Error, path: String) -> EventLogError {
    (error as? EventLogError) ?? .io(operation: "\(error)", path: path, errno: EIO)
  }

  public var description: String {
    switch self {
    case .locked(let file, let pid):
      let holder = pid.map { "process \($0)" } ?? "another process"
      return "the event log is locked by \(holder) (lock file \(file)); only one writer may open it"
    case .conflict(let expected, let actual):
      return "append expected the log to end at seq \(expected) but it ends at seq \(actual)"
    case .corrupted(let file, let line, let seq, let reason):
      let at = seq.map { ", seq \($0)" } ?? ""
      return
        "\(file): line \(line)\(at) is damaged: \(reason); run `gallery-rpc verify` and `gallery-rpc repair`"
    case .invalidEvent(let reason):
      return "invalid event: \(reason)"
    case .tooLarge(let type, let bytes, let limit):
      return "invalid event: event \(type): data of \(bytes) bytes exceeds \(limit)"
    case .io(let op, let path, let code):
      return "\(op) \(path): \(String(cString: strerror(code)))"
    case .closed:
      return "the event log is closed"
    case .poisoned(let reason):
      return "the event log stopped accepting appends after a failed fsync: \(reason)"
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
