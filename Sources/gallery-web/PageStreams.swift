import Foundation

/// The open `/events` streams (one per page): every notification of the core goes to each,
/// as a Server-Sent Event whose data is the core's line unchanged.
final class PageStreams: @unchecked Sendable {
  private let lock = NSLock()
  private var sockets: [Int: HTTPSocket] = [:]
  private var next = 1

  /// Keeps `socket` until a write to it fails; greets it with `event: hello`.
  func add(_ socket: HTTPSocket) {
    let id: Int = lock.withLock {
      defer { next += 1 }
      sockets[next] = socket
      return next
    }
    if !socket.write(Array("retry: 1000\nevent: hello\ndata: {\"stream\":\(id)}\n\n".utf8)) { drop(id) }
  }

  /// Sends one notification line to every page; a page that cannot take it is dropped
  /// (its EventSource reconnects and starts again from `state/get`).
  func broadcast(_ line: [UInt8]) {
    let frame = Array("data: ".utf8) + line + Array("\n\n".utf8)
    for (id, socket) in lock.withLock({ sockets }) where !socket.write(frame) { drop(id) }
  }

  private func drop(_ id: Int) {
    lock.withLock { sockets.removeValue(forKey: id) }?.close()
  }
}
