import Foundation

/// A value shared with callbacks on other threads.
public final class Locked<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: T

  public init(_ value: T) { stored = value }

  public var value: T {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  public func mutate(_ body: (inout T) -> Void) {
    lock.lock()
    body(&stored)
    lock.unlock()
  }
}

/// A counter shared with closures on other threads (fixed clocks, tallies).
public final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Int64

  public init(_ start: Int64 = 0) { value = start }

  /// Adds one and returns the new value.
  public func next() -> Int64 {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
