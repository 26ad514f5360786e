import Foundation
import Guarded

/// A clock moved by hand (`serve --test-clock`, and `TestClock` in tests): time stands still
/// until `advance`, which ends every sleep then due, in deadline order. It is also the log's
/// clock, so a session driven by it writes the same bytes on every run.
public final class ManualClock: EffectClock, Sendable {
  /// Itself: the clock that fixes the order effects record in.
  public var manual: ManualClock? { self }

  /// The time and the sleeps waiting for it.
  private struct Dial {
    var now: Int64
    var sleepers:
      [(deadline: Int64, wake: CheckedContinuation<Void, Never>, woken: (@Sendable () -> Void)?)] = []
  }
  private let dial: Guarded<Dial>

  /// A clock reading `start` (milliseconds since the epoch).
  public init(start: Int64 = 0) { dial = Guarded(Dial(now: start)) }

  /// The time, in milliseconds since the epoch.
  public var milliseconds: Int64 { dial.withLock { $0.now } }

  public func timer(milliseconds: Int) -> @Sendable () async -> Void {
    let deadline = self.milliseconds + Int64(max(0, milliseconds))
    return { [self] in await sleep(until: deadline) }
  }

  /// A wait like `timer`'s that says when it sleeps and when its sleep ends: `asleep` runs as
  /// it starts sleeping (not at all when already due), `woken` as the clock moves past its
  /// deadline, before it runs again (`EffectOrder` parks its effect meanwhile).
  func timer(milliseconds: Int, asleep: @escaping @Sendable () -> Void, woken: @escaping @Sendable () -> Void)
    -> @Sendable () async -> Void
  {
    let deadline = self.milliseconds + Int64(max(0, milliseconds))
    return { [self] in await sleep(until: deadline, asleep: asleep, woken: woken) }
  }

  /// Returns once the clock reads `deadline` or later.
  public func sleep(until deadline: Int64) async {
    await sleep(until: deadline, asleep: nil, woken: nil)
  }

  private func sleep(until deadline: Int64, asleep: (@Sendable () -> Void)?, woken: (@Sendable () -> Void)?)
    async
  {
    await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
      let due = dial.change { dial -> Bool in
        guard deadline > dial.now else { return true }
        dial.sleepers.append((deadline, wake, woken))
        asleep?()
        return false
      }
      if due { wake.resume() }
    }
  }

  /// Moves time on by `milliseconds`, ending every sleep that is then due (in deadline order).
  public func advance(by milliseconds: Int) {
    let due = dial.withLock { dial in
      dial.now += Int64(max(0, milliseconds))
      let now = dial.now
      let due = dial.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
      dial.sleepers.removeAll { $0.deadline <= now }
      // Awake in the order's eyes before any of them runs, so none is passed meanwhile.
      for sleeper in due { sleeper.woken?() }
      return due
    }
    for sleeper in due { sleeper.wake.resume() }
  }

  /// How many sleeps are waiting (timers not yet due).
  public var pending: Int { dial.withLock { $0.sleepers.count } }

  /// Waits until `count` sleeps are waiting, at most `timeout` seconds; whether they are.
  @discardableResult
  public func waitForSleepers(_ count: Int, timeout: Double = 10) -> Bool {
    dial.wait(until: Date(timeIntervalSinceNow: timeout)) { $0.sleepers.count >= count ? true : nil } ?? false
  }
}
