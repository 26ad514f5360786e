import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Process {
  /// Waits at most `seconds` for the child to exit and gives its status: its exit code, or
  /// 128 and the signal that ended it, as a shell says. Foundation can miss a child's exit on
  /// a loaded machine (the child stays a zombie and `waitUntilExit` never returns; seen twice
  /// beside two soaks), so this reaps the child itself when Foundation has not. A child still
  /// running at the bound is killed, and the answer is nil.
  public func exitStatus(within seconds: Double = 60) -> Int32? {
    let pid = processIdentifier
    let deadline = DispatchTime.now() + seconds
    var status: Int32 = 0
    while DispatchTime.now() < deadline {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + status & 0x7F }
      if reaped < 0 {
        // Foundation reaped it first: its status is about to be set.
        while isRunning && DispatchTime.now() < deadline { _ = poll(nil, 0, 1) }
        guard !isRunning else { break }
        return terminationReason == .exit ? terminationStatus : 128 + terminationStatus
      }
      _ = poll(nil, 0, 2)  // not yet: look again in 2 ms (a child exits within ms of its input's end)
    }
    kill(pid, SIGKILL)
    _ = waitpid(pid, &status, 0)
    return nil
  }
}
