import Synchronization

/// Set by `$/cancelRequest` on the reader thread, read by the request's worker.
public final class CancelFlag: Sendable {
  private let cancelled = Atomic<Bool>(false)

  public init() {}

  /// Whether `cancel` was called.
  public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  /// Asks the work to stop; it checks `isCancelled` at its next step.
  public func cancel() { cancelled.store(true, ordering: .releasing) }
}
