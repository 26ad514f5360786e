/// The waits effects make (the search debounce): real time in the app, a clock the test
/// moves by hand in tests (`TestClock`), so no test waits for a timer to fire.
public protocol EffectClock: Sendable {
  /// Returns once `milliseconds` have passed on this clock (at once for 0 or less).
  func sleep(milliseconds: Int) async
}

/// Real time, scaled (`Store.Options.timerScale`; 0 fires every timer at once).
public struct SystemEffectClock: EffectClock {
  public let scale: Double

  public init(scale: Double = 1) { self.scale = max(0, scale) }

  public func sleep(milliseconds: Int) async {
    let nanoseconds = Double(max(0, milliseconds)) * 1_000_000 * scale
    if nanoseconds > 0 { try? await Task.sleep(nanoseconds: UInt64(nanoseconds)) }
  }
}
