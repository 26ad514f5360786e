import Foundation

/// How long a bounded slow suite runs (sessions, steps, rounds): its default, or the number in
/// the environment variable that lengthens it (README lists them), e.g.
/// `GALLERY_KILL_ROUNDS=1000 swift test --filter KillLoopTests`.
public enum SuiteLength {
  /// The value of `variable` when it holds a whole number, else `fallback`.
  public static func value(_ variable: String, default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment[variable].flatMap { Int($0) } ?? fallback
  }
}
