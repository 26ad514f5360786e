import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the pipe the signal handler writes to (a handler may only make
/// async-signal-safe calls, so it cannot call Swift code that locks or allocates).
nonisolated(unsafe) private var stopPipe: Int32 = -1

/// Turns SIGINT and SIGTERM into one call on an ordinary thread: a real handler (never
/// `SIG_IGN`, whose signals Linux discards) writes the signal's number to a pipe that a thread
/// waits on. A second signal while stopping ends the process at once.
enum StopSignals {
  static func install(_ onStop: @escaping @Sendable (Int32) -> Void) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    stopPipe = ends[1]
    for number in [SIGINT, SIGTERM] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(stopPipe, &byte, 1)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(number, &action, nil)
    }
    let reader = ends[0]
    Thread.detachNewThread {
      var byte: UInt8 = 0
      while read(reader, &byte, 1) != 1 {}
      Thread.detachNewThread {
        // A second signal: the person means it; do not wait for the core any longer.
        var again: UInt8 = 0
        while read(reader, &again, 1) != 1 {}
        _exit(1)
      }
      onStop(Int32(byte))
    }
  }
}
