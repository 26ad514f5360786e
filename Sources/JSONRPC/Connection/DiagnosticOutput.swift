import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stream diagnostics and notices go to (standard error, a command's standard output),
/// written with `write(2)`: a failed write never traps the process (`FileHandle.write` does,
/// on EPIPE). When the reader has gone away, the line is dropped and later lines are not
/// attempted, so diagnostics can never kill the process or stall it.
public final class DiagnosticOutput: Sendable {
  /// Standard error.
  public static let standardError = DiagnosticOutput(fd: 2)
  /// Standard output, for the notices a command prints beside its protocol (gallery-web).
  public static let standardOutput = DiagnosticOutput(fd: 1)

  private let fd: Int32
  /// Guards `failed`; held across one line's write so lines never interleave. The write
  /// cannot wait without a bound on a reader that stopped reading only when the stream is a
  /// full pipe: the process has SIGPIPE ignored, so a closed reader fails it at once.
  private let failed = Mutex(false)

  /// A stream on the open descriptor `fd` (owned by the caller).
  public init(fd: Int32) { self.fd = fd }

  /// Whether a write has failed (nothing more is written).
  public var isClosed: Bool {
    failed.withLock { $0 }
  }

  /// Writes `text` and a newline when it has none; returns false when nothing could be written.
  @discardableResult
  public func line(_ text: String) -> Bool {
    var bytes = Array(text.utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    return failed.withLock { failed in
      guard !failed else { return false }
      var at = 0
      while at < bytes.count {
        let n = bytes.withUnsafeBytes { raw in write(fd, raw.baseAddress! + at, raw.count - at) }
        if n > 0 {
          at += n
        } else if n < 0, errno == EINTR {
          continue
        } else {
          failed = true
          return false
        }
      }
      return true
    }
  }
}
