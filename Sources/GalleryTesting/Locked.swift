import Synchronization

/// A value shared with callbacks on other threads.
public final class Locked<T: Sendable>: Sendable {
  private let stored: Mutex<T>

  public init(_ value: T) { stored = Mutex(value) }

  public var value: T { stored.withLock { $0 } }

  public func mutate(_ body: (inout T) -> Void) {
    stored.withLock { body(&$0) }
  }
}

/// A counter shared with closures on other threads (fixed clocks, tallies).
public final class Counter: Sendable {
  private let value: Atomic<Int64>

  public init(_ start: Int64 = 0) { value = Atomic(start) }

  /// Adds one and returns the new value.
  public func next() -> Int64 {
    value.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
  }
}
