import Foundation
import Synchronization

/// The open `/events` streams (one per page): every notification of the core goes to each,
/// as a Server-Sent Event whose data is the core's line unchanged. Broadcasting never waits
/// for a page: each stream has its own bounded queue and writer thread, and a page that
/// falls `maxQueuedBytes` behind is dropped (its EventSource reconnects and starts again
/// from `state/get`).
final class PageStreams: Sendable {
  /// The open streams by id. An id is 128 random bits in hex: a page cannot guess another's
  /// (and so cannot end or take over its subscription).
  private let open = Mutex<[String: PageStream]>([:])
  let maxQueuedBytes: Int

  init(maxQueuedBytes: Int = 4 << 20) { self.maxQueuedBytes = maxQueuedBytes }

  /// Whether the stream `id` is open.
  func isOpen(_ id: String) -> Bool { open.withLock { $0[id] != nil } }

  /// Queues one notification line for the stream `id` only (a page's own subscription).
  func send(_ line: [UInt8], to id: String) {
    guard let stream = open.withLock({ $0[id] }) else { return }
    if !stream.enqueue(Array("data: ".utf8) + line + Array("\n\n".utf8)) { stream.end() }
  }

  /// Takes `socket` over until its page is gone or too slow; greets it with `event: hello`
  /// (its `stream` id, which the page names in `X-Gallery-Stream`); `closed` hears its id
  /// when it ends.
  func add(_ socket: HTTPSocket, closed: (String) -> Void = { _ in }) {
    let stream = PageStream(socket: socket, limit: maxQueuedBytes)
    let id: String = open.withLock { open in
      var id = Self.newID()
      while open[id] != nil { id = Self.newID() }
      open[id] = stream
      return id
    }
    _ = stream.enqueue(Array("retry: 1000\nevent: hello\ndata: {\"stream\":\"\(id)\"}\n\n".utf8))
    stream.run()
    open.withLock { _ = $0.removeValue(forKey: id) }
    closed(id)
  }

  /// 128 random bits, as 32 hex digits.
  static func newID() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let word = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - word.count) + word
    }.joined()
  }

  /// Queues one notification line for every page; never blocks on a page.
  func broadcast(_ line: [UInt8]) {
    let frame = Array("data: ".utf8) + line + Array("\n\n".utf8)
    for stream in open.withLock({ Array($0.values) }) where !stream.enqueue(frame) {
      stream.end()
    }
  }

  /// Ends every stream (the bridge is stopping).
  func endAll() {
    for stream in open.withLock({ Array($0.values) }) { stream.end() }
  }
}

/// One page's stream: frames queue in a bounded outbox and one thread writes them.
final class PageStream: Sendable {
  private let socket: HTTPSocket
  private let outbox: BoundedOutbox

  init(socket: HTTPSocket, limit: Int) {
    self.socket = socket
    self.outbox = BoundedOutbox(limit: limit)
  }

  /// Queues a frame; false when the stream has ended or the page is too far behind.
  func enqueue(_ frame: [UInt8]) -> Bool { outbox.enqueue(frame) }

  /// Stops the stream: a write blocked on the page returns at once.
  func end() {
    outbox.close()
    socket.shutdown()
  }

  /// Writes queued frames until the stream ends or a write fails; then closes the socket.
  /// Runs on the connection's own thread.
  func run() {
    _ = outbox.drain { socket.write($0) }
    socket.close()
  }
}
