import Foundation
import GalleryCore

/// A clock a test moves by hand: a sleep ends when `advance` passes its deadline, never on
/// its own, so debounces and other timers fire exactly when the test says.
public final class TestClock: EffectClock, @unchecked Sendable {
  private let lock = NSCondition()
  private var now = 0
  private var sleepers: [(deadline: Int, wake: CheckedContinuation<Void, Never>)] = []

  public init() {}

  public func sleep(milliseconds: Int) async {
    await withCheckedContinuation { (wake: CheckedContinuation<Void, Never>) in
      lock.lock()
      guard milliseconds > 0 else {
        lock.unlock()
        return wake.resume()
      }
      sleepers.append((now + milliseconds, wake))
      lock.broadcast()
      lock.unlock()
    }
  }

  /// Moves time on by `milliseconds`, ending every sleep that is then due (in deadline order).
  public func advance(by milliseconds: Int) {
    lock.lock()
    now += milliseconds
    let due = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
    sleepers.removeAll { $0.deadline <= now }
    lock.unlock()
    for sleeper in due { sleeper.wake.resume() }
  }

  /// How many sleeps are waiting.
  public var pending: Int {
    lock.lock()
    defer { lock.unlock() }
    return sleepers.count
  }

  /// Waits until `count` sleeps are waiting, at most `timeout` seconds; whether they are.
  @discardableResult
  public func waitForSleepers(_ count: Int, timeout: Double = 10) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    lock.lock()
    defer { lock.unlock() }
    while sleepers.count < count { if !lock.wait(until: deadline) { return sleepers.count >= count } }
    return true
  }
}
