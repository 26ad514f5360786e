import Foundation
import Guarded

/// The threads libcurl exchanges run on (each exchange blocks its thread until it ends).
/// A thread made per exchange left the process's resident size climbing under a long hostile
/// soak; a few threads kept and reused do not churn stacks or thread heaps.
/// Owner: the process (one pool, `shared`, for every `CurlHTTPClient`). Bound: `limit`
/// threads, each ending after `idleSeconds` without work; an exchange beyond the limit waits
/// in the queue for the next free thread (callers bound how many they start: downloads four
/// at once, a handful of API requests).
public final class ExchangeThreads: Sendable {
  /// The pool every libcurl client uses.
  public static let shared = ExchangeThreads(limit: 16)

  /// Most threads at once.
  public let limit: Int
  private let idleSeconds: Double
  /// The jobs not yet taken (from `head` on) and the threads' counts.
  private struct Pool {
    var queue: [@Sendable () -> Void] = []
    var head = 0
    var idle = 0
    var running = 0
    var started = 0
  }
  private let pool = Guarded(Pool())

  public init(limit: Int, idleSeconds: Double = 60) {
    self.limit = max(1, limit)
    self.idleSeconds = idleSeconds
  }

  /// Runs `job` on a pool thread: an idle one, else a new one while under the limit, else
  /// the first that frees up.
  public func run(_ job: @escaping @Sendable () -> Void) {
    let grow = pool.change { pool -> Bool in
      pool.queue.append(job)
      // A new thread when the jobs not yet taken outnumber the threads waiting for one.
      let grow = pool.queue.count - pool.head > pool.idle && pool.running < limit
      if grow {
        pool.running += 1
        pool.started += 1
      }
      return grow
    }
    guard grow else { return }
    let thread = Thread { [self] in work() }
    thread.name = "gallery-http"
    thread.start()
  }

  /// Threads alive now, and threads ever started (tests read both).
  public var counts: (alive: Int, started: Int) {
    pool.withLock { ($0.running, $0.started) }
  }

  /// A pool thread: takes jobs until none came for `idleSeconds`.
  private func work() {
    while true {
      pool.withLock { $0.idle += 1 }
      let job = pool.wait(until: Date(timeIntervalSinceNow: idleSeconds)) { pool -> (@Sendable () -> Void)? in
        guard pool.head < pool.queue.count else { return nil }
        let job = pool.queue[pool.head]
        pool.head += 1
        // The queue's storage is reclaimed once drained, so it never grows past the backlog.
        if pool.head == pool.queue.count {
          pool.queue.removeAll(keepingCapacity: true)
          pool.head = 0
        }
        return job
      }
      let ended = pool.withLock { pool -> Bool in
        pool.idle -= 1
        if job == nil { pool.running -= 1 }
        return job == nil
      }
      if ended { return }
      job?()
    }
  }
}
