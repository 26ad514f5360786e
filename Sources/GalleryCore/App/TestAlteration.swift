#if canImport(Glibc)
  import Glibc
#endif

/// A deliberate change to this build's decisions, made by a test to see that `gallery-rpc
/// rerun` names where it shows (`RerunAlterationTests`). Test-only: `GALLERY_TEST_ALTER`
/// selects one for a process that a test starts, read once; nothing in use sets it.
public enum TestAlteration: String, Sendable, CaseIterable {
  /// The feed's page size by default: 30 instead of 20.
  case pageSizeDefault
  /// The search's debounce: 500 ms instead of 300.
  case debounceDelay
  /// The albums group by their title's first letter, not by owner.
  case albumGrouping
  /// A failure the device declared offline is one retrying cannot help: no retry offered.
  case retryability

  /// The alteration this process runs with (nil: none, always in use).
  /// (`getenv`, not `ProcessInfo`'s dictionary of every variable: every start pays this.)
  public static let active: TestAlteration? = getenv("GALLERY_TEST_ALTER").flatMap {
    TestAlteration(rawValue: String(cString: $0))
  }
}
