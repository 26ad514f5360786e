import Foundation
import Guarded

/// Byte chunks on their way to one writer thread: producers never block (over `limit`
/// queued bytes, `enqueue` refuses), and the writer takes everything queued at once and
/// writes it without holding the lock, so a stalled peer stalls only its own writer.
final class BoundedOutbox: Sendable {
  let limit: Int
  /// What waits for the writer.
  private struct Queue {
    var chunks: [[UInt8]] = []
    var bytes = 0
    var closed = false
  }
  private let queue = Guarded(Queue())

  init(limit: Int) { self.limit = limit }

  /// Queues `chunk`; false once closed or when it would pass the limit.
  func enqueue(_ chunk: [UInt8]) -> Bool {
    queue.change { queue in
      guard !queue.closed, queue.bytes + chunk.count <= limit else { return false }
      queue.chunks.append(chunk)
      queue.bytes += chunk.count
      return true
    }
  }

  /// No more chunks are taken; the writer gets what is queued, then `nil`.
  func close() {
    queue.change { $0.closed = true }
  }

  /// Waits for chunks and hands each to `write` until the outbox is closed and drained or a
  /// write fails (then later chunks are dropped and the outbox closes). Returns whether it
  /// ended by `close` (true) or by a failed write (false). It waits as long as the page is
  /// open: `close` (the page gone, the bridge stopping) ends the wait.
  func drain(_ write: ([UInt8]) -> Bool) -> Bool {
    while true {
      let (taken, done) = queue.wait(until: nil) { queue -> ([[UInt8]], Bool)? in
        guard !queue.chunks.isEmpty || queue.closed else { return nil }
        defer {
          queue.chunks = []
          queue.bytes = 0
        }
        return (queue.chunks, queue.closed)
      }!
      for chunk in taken where !write(chunk) {
        close()
        return false
      }
      if done { return true }
    }
  }
}
