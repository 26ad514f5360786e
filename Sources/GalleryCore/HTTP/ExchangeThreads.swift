import Foundation

/// The threads libcurl exchanges run on (each exchange blocks its thread until it ends).
/// A thread made per exchange left the process's resident size climbing under a long hostile
/// soak; a few threads kept and reused do not churn stacks or thread heaps.
/// Owner: the process (one pool, `shared`, for every `CurlHTTPClient`). Bound: `limit`
/// threads, each ending after `idleSeconds` without work; an exchange beyond the limit waits
/// in the queue for the next free thread (callers bound how many they start: downloads four
/// at once, a handful of API requests).
public final class ExchangeThreads: @unchecked Sendable {
  /// The pool every libcurl client uses.
  public static let shared = ExchangeThreads(limit: 16)

  /// Most threads at once.
  public let limit: Int
  private let idleSeconds: Double
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var head = 0
  private var idle = 0
  private var running = 0
  private var started = 0

  public init(limit: Int, idleSeconds: Double = 60) {
    self.limit = max(1, limit)
    self.idleSeconds = idleSeconds
  }

  /// Runs `job` on a pool thread: an idle one, else a new one while under the limit, else
  /// the first that frees up.
  public func run(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    queue.append(job)
    // A new thread when the jobs not yet taken outnumber the threads waiting for one.
    let grow = queue.count - head > idle && running < limit
    if grow {
      running += 1
      started += 1
    }
    condition.signal()
    condition.unlock()
    guard grow else { return }
    let thread = Thread { [self] in work() }
    thread.name = "gallery-http"
    thread.start()
  }

  /// Threads alive now, and threads ever started (tests read both).
  public var counts: (alive: Int, started: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (running, started)
  }

  private func work() {
    condition.lock()
    while true {
      while head == queue.count {
        idle += 1
        let woke = condition.wait(until: Date(timeIntervalSinceNow: idleSeconds))
        idle -= 1
        if !woke && head == queue.count {
          running -= 1
          condition.unlock()
          return
        }
      }
      let job = queue[head]
      head += 1
      // The queue's storage is reclaimed once drained, so it never grows past the backlog.
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      condition.unlock()
      job()
      condition.lock()
    }
  }
}
