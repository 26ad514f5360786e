/// The waits effects make (the search debounce): real time in the app, a clock moved by
/// hand in tests and under `serve --test-clock` (`ManualClock`), so no test waits for a
/// timer to fire.
public protocol EffectClock: Sendable {
  /// A wait of `milliseconds` from now: its deadline is fixed when it is made (when the
  /// effect starts), not when the returned wait first runs.
  func timer(milliseconds: Int) -> @Sendable () async -> Void
  /// The test clock itself, when this is one: effects then record in a fixed order and a
  /// request first waits for the work in flight (`EffectOrder`); nil for real time.
  var manual: ManualClock? { get }
}

/// Real time, scaled (`Store.Options.timerScale`; 0 fires every timer at once).
public struct SystemEffectClock: EffectClock {
  public let scale: Double

  public init(scale: Double = 1) { self.scale = max(0, scale) }

  /// Real time is not the test clock.
  public var manual: ManualClock? { nil }

  public func timer(milliseconds: Int) -> @Sendable () async -> Void {
    let nanoseconds = Double(max(0, milliseconds)) * 1_000_000 * scale
    return { if nanoseconds > 0 { try? await Task.sleep(nanoseconds: UInt64(nanoseconds)) } }
  }
}
