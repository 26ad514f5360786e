import Foundation

/// Set by `$/cancelRequest` on the reader thread, read by the request's worker.
public final class CancelFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false

  public init() {}

  /// Whether `cancel` was called.
  public var isCancelled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return cancelled
  }

  /// Asks the work to stop; it checks `isCancelled` at its next step.
  public func cancel() {
    lock.lock()
    cancelled = true
    lock.unlock()
  }
}
