import Dispatch

/// Gives memory freed between long-lived blocks back to the system every few seconds, for a
/// server that runs for hours: the way jemalloc's decay and Go's scavenger return what the
/// program no longer holds, which glibc otherwise keeps resident for reuse.
///
/// Concurrent exchanges (provider bodies, catch-up queues, JSON trees of a page) allocate
/// and free many transient blocks; glibc reuses their holes but keeps the pages, so resident
/// size fills up to what the busiest moment needed and stays there (the hostile soak's fill,
/// BENCHMARKS.md). A trim takes about a millisecond on a 70 MB heap and runs off the serving
/// thread. Owner: `serve`, which starts it and cancels it at exit; bound: one timer.
public final class MemoryScavenger {
  /// Seconds between two trims.
  public static let interval = 10
  private let timer: any DispatchSourceTimer

  /// Starts trimming every `interval` seconds.
  public init(interval: Int = MemoryScavenger.interval) {
    let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
    timer.schedule(
      deadline: .now() + .seconds(interval), repeating: .seconds(interval), leeway: .seconds(1))
    timer.setEventHandler { releaseFreeMemory() }
    timer.resume()
    self.timer = timer
  }

  /// Stops the timer; no trim starts after this returns.
  public func cancel() { timer.cancel() }

  deinit { timer.cancel() }
}
