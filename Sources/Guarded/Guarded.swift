import Foundation

/// A value only reached under its lock, with a condition to wait on for it to change: the
/// one place the project pairs a lock with state by hand. Where nothing waits, use
/// `Mutex` (Synchronization); where a thread must block until the value says so (a queue
/// with room, work settled, a flag set), use this, so the waiting is bounded and the state
/// still has one owner the compiler sees.
///
/// Unchecked Sendable: `value` is read and written only inside `condition`'s lock, which
/// every method takes; it is the checked `Mutex` with a condition variable beside it.
public final class Guarded<Value>: @unchecked Sendable {
  @usableFromInline let condition = NSCondition()
  @usableFromInline var value: Value

  /// Guards `value`.
  public init(_ value: Value) { self.value = value }

  /// Runs `body` on the value under the lock. Never block in `body` (no reads or writes of
  /// files or sockets): others wait for it.
  @inlinable
  public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    condition.lock()
    defer { condition.unlock() }
    return try body(&value)
  }

  /// Runs `body` under the lock, then wakes every waiter to look at the value again.
  @inlinable
  public func change<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return try body(&value)
  }

  /// Waits until `ready` returns a result for the value (checked under the lock each time it
  /// changes), or until `deadline` passes (nil: no deadline; callers that may wait for ever
  /// say why). Returns `ready`'s result, or nil at the deadline.
  public func wait<R>(until deadline: Date?, for ready: (inout Value) throws -> R?) rethrows -> R? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let result = try ready(&value) { return result }
      if let deadline {
        if !condition.wait(until: deadline) { return try ready(&value) }
      } else {
        condition.wait()
      }
    }
  }

  /// Wakes every waiter to look at the value again (after a change it cannot see: time).
  @inlinable
  public func wakeAll() {
    condition.lock()
    condition.broadcast()
    condition.unlock()
  }
}
