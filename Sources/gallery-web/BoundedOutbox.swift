import Foundation

/// Byte chunks on their way to one writer thread: producers never block (over `limit`
/// queued bytes, `enqueue` refuses), and the writer takes everything queued at once and
/// writes it without holding the lock, so a stalled peer stalls only its own writer.
final class BoundedOutbox: @unchecked Sendable {
  let limit: Int
  private let lock = NSLock()
  private var chunks: [[UInt8]] = []
  private var bytes = 0
  private var closed = false
  private let ready = DispatchSemaphore(value: 0)

  init(limit: Int) { self.limit = limit }

  /// Queues `chunk`; false once closed or when it would pass the limit.
  func enqueue(_ chunk: [UInt8]) -> Bool {
    let queued: Bool = lock.withLock {
      guard !closed, bytes + chunk.count <= limit else { return false }
      chunks.append(chunk)
      bytes += chunk.count
      return true
    }
    if queued { ready.signal() }
    return queued
  }

  /// No more chunks are taken; the writer gets what is queued, then `nil`.
  func close() {
    lock.withLock { closed = true }
    ready.signal()
  }

  /// Waits for chunks and hands each to `write` until the outbox is closed and drained or a
  /// write fails (then later chunks are dropped and the outbox closes). Returns whether it
  /// ended by `close` (true) or by a failed write (false).
  func drain(_ write: ([UInt8]) -> Bool) -> Bool {
    while true {
      ready.wait()
      let (taken, done): ([[UInt8]], Bool) = lock.withLock {
        defer {
          chunks = []
          bytes = 0
        }
        return (chunks, closed)
      }
      for chunk in taken where !write(chunk) {
        close()
        return false
      }
      if done { return true }
    }
  }
}
