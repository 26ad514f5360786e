import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A request as read off a connection (HTTP/1.1, one per connection).
struct HTTPRequest: Sendable {
  var method: String
  var path: String
  var query: [String: String]
  /// Header names in lower case.
  var headers: [String: String]
  var body: [UInt8]
}

/// What a route answers: a whole response, or a stream the route keeps writing to.
enum HTTPReply: Sendable {
  case response(status: Int, contentType: String, body: [UInt8])
  /// The connection stays open: the headers are sent, then `start` owns the socket.
  case stream(contentType: String, start: @Sendable (HTTPSocket) -> Void)

  static func text(_ status: Int, _ text: String) -> HTTPReply {
    .response(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
  }
}

/// One accepted connection. Exactly one thread writes to it and closes it (its connection
/// thread); any thread may `shutdown` it, which makes a blocked write return at once.
final class HTTPSocket: Sendable {
  let fd: Int32
  /// Whether its owner closed the descriptor (then nobody touches it again).
  private let closed = Mutex(false)

  init(fd: Int32) { self.fd = fd }

  /// Writes every byte; false once the peer is gone, shut down, or stalled past the send
  /// timeout. No lock is held while it blocks.
  @discardableResult
  func write(_ bytes: [UInt8]) -> Bool {
    guard !closed.withLock({ $0 }) else { return false }
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// Ends both directions; the descriptor stays open until its owner closes it.
  func shutdown() {
    closed.withLock { closed in
      guard !closed else { return }
      _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }
  }

  /// Closes the descriptor; only the thread that owns the connection calls it.
  func close() {
    closed.withLock { closed in
      guard !closed else { return }
      closed = true
      _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
      Glibc.close(fd)
    }
  }
}

/// A small HTTP/1.1 server: a thread per connection, one request per connection, bodies up
/// to `maxBody` bytes. Enough for one person's browser on loopback, not for the internet.
/// Two stages: a connection first sends its request's head (within `headDeadline` seconds;
/// at most `headSlots`, four times `maxConnections`, do so at once: a new connection past them
/// ends the one that has waited longest for its head, so a flood of clients trickling heads
/// cannot keep the page's requests, whose heads come at once, from being read; past twice
/// that, while the ended ones leave, 503), and only a request whose head has come takes one of the `maxConnections` serving
/// slots (past them, 503), so clients that trickle their heads never hold a serving slot. The last
/// `reserve` serving slots are kept for requests `trusted` accepts (the page's own, with its
/// token): clients without it, however many and however slow, cannot lock the page out. The
/// whole request must arrive within `requestDeadline` seconds.
final class HTTPListener: Sendable {
  let port: UInt16
  private let listener: Int32
  private let maxBody: Int
  let maxConnections: Int
  let requestDeadline: Int
  /// Seconds a request's head may take (a client that sends nothing holds a slot no longer).
  let headDeadline: Int
  /// Connections kept for trusted requests.
  let reserve: Int
  private let trusted: @Sendable (HTTPRequest) -> Bool
  /// Judges a request by its head, before its body is read: a reply refuses it there (a
  /// client without the token never makes the bridge read, or hold, its body).
  private let screen: @Sendable (HTTPRequest) -> HTTPReply?
  private let route: @Sendable (HTTPRequest) -> HTTPReply
  /// Requests being served (their head has come: at most `maxConnections`) and connections
  /// still sending their head (at most `headSlots`).
  private let slots = Mutex<HeadStage>(HeadStage())
  /// The two stages' counts, and the connections still sending their head, oldest first (by
  /// the order they came in), which a new connection may end when the stage is full.
  struct HeadStage: Sendable {
    var open = 0
    var heading = 0
    var waiting: [Int: HTTPSocket] = [:]
    var next = 0
  }
  /// How many connections may be sending their head at once: each holds a thread for at most
  /// `headDeadline` seconds and a 64 KiB buffer.
  var headSlots: Int { maxConnections * 4 }

  /// Listens at once on `host:port` (0: any free port).
  init(
    host: String, port: UInt16, maxBody: Int, maxConnections: Int = 64, requestDeadline: Int = 10,
    headDeadline: Int = 2, reserve: Int = 8,
    trusted: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true },
    screen: @escaping @Sendable (HTTPRequest) -> HTTPReply? = { _ in nil },
    route: @escaping @Sendable (HTTPRequest) -> HTTPReply
  ) throws {
    self.maxBody = maxBody
    self.maxConnections = maxConnections
    self.requestDeadline = requestDeadline
    self.headDeadline = min(headDeadline, requestDeadline)
    // A quarter of the connections at most, so a small cap still serves anyone.
    self.reserve = min(max(0, reserve), maxConnections / 4)
    self.trusted = trusted
    self.screen = screen
    self.route = route
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw POSIXError(.EINVAL) }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 64) == 0 else {
      Glibc.close(listener)
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EADDRINUSE)
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    self.port = UInt16(bigEndian: actual.sin_port)
  }

  /// Accepts connections until the process ends.
  func run() -> Never {
    while true {
      let fd = accept(listener, nil, nil)
      if fd < 0 { continue }
      var timeout = timeval(tv_sec: 10, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let socket = HTTPSocket(fd: fd)
      let (admitted, key, evicted) = slots.withLock { slots -> (Bool, Int, HTTPSocket?) in
        var evicted: HTTPSocket?
        if slots.heading >= headSlots {
          guard slots.heading < headSlots * 2, let oldest = slots.waiting.keys.min() else {
            return (false, 0, nil)
          }
          evicted = slots.waiting.removeValue(forKey: oldest)
        }
        slots.heading += 1
        slots.next += 1
        slots.waiting[slots.next] = socket
        return (true, slots.next, evicted)
      }
      // The longest-waiting head is ended: its reads return at once and its thread leaves.
      evicted?.shutdown()
      guard admitted else {
        // Answered without a thread: the reply fits the socket's buffer, so the send cannot block.
        let reply = HTTPReply.text(503, "over \(headSlots) connections are sending their request; try again")
        if case .response(let status, let type, let body) = reply {
          _ = (Self.head(status, type, length: body.count) + body).withUnsafeBytes {
            send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
          }
        }
        socket.close()
        continue
      }
      Thread.detachNewThread { [self] in
        let served = serve(socket, key: key)
        slots.withLock { slots in
          if served { slots.open -= 1 } else { slots.heading -= 1 }
          slots.waiting[key] = nil
        }
      }
    }
  }

  /// Takes a serving slot for a request whose head has come (its connection leaves the head
  /// stage): a free slot, or one of the reserve for a trusted request; nil when it has one.
  private func admit(_ request: HTTPRequest, key: Int) -> HTTPReply? {
    slots.withLock { slots in
      // Its head has come: nobody may end it as a slow head any more.
      slots.waiting[key] = nil
      let free =
        slots.open < maxConnections - reserve || (slots.open < maxConnections && trusted(request))
      guard free else {
        return .text(503, "over \(maxConnections - reserve) requests are being served; try again")
      }
      slots.heading -= 1
      slots.open += 1
      return nil
    }
  }

  /// Serves one connection; answers whether it took a serving slot (which the caller gives
  /// back), or stayed in the head stage.
  private func serve(_ socket: HTTPSocket, key: Int) -> Bool {
    let reply: HTTPReply
    var served = false
    switch read(socket, key: key, admitted: &served) {
    case .success(let request): reply = route(request)
    case .failure(let problem): reply = problem
    }
    switch reply {
    case .response(let status, let contentType, let body):
      socket.write(Self.head(status, contentType, length: body.count) + body)
      socket.close()
    case .stream(let contentType, let start):
      guard socket.write(Self.head(200, contentType, length: nil)) else {
        socket.close()
        return served
      }
      start(socket)
    }
    return served
  }

  private static func head(_ status: Int, _ contentType: String, length: Int?) -> [UInt8] {
    var text =
      "HTTP/1.1 \(status) \(reason(status))\r\nContent-Type: \(contentType)\r\nCache-Control: no-store\r\n"
    text += "X-Content-Type-Options: nosniff\r\n"
    text += length.map { "Content-Length: \($0)\r\nConnection: close\r\n" } ?? "Connection: keep-alive\r\n"
    return Array((text + "\r\n").utf8)
  }

  private static func reason(_ status: Int) -> String {
    [
      200: "OK", 204: "No Content", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
      405: "Method Not Allowed", 413: "Content Too Large", 502: "Bad Gateway", 504: "Gateway Timeout",
    ][status]
      ?? "Status"
  }

  /// Reads one request: its head, then (once `screen` and `admit` let it on, `admitted` set)
  /// its body.
  private func read(_ socket: HTTPSocket, key: Int, admitted: inout Bool) -> Result<
    HTTPRequest, HTTPReplyError
  > {
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    let separator: [UInt8] = [13, 10, 13, 10]
    var headEnd: Int?
    let started = DispatchTime.now().uptimeNanoseconds
    let headBy = started + UInt64(headDeadline) * 1_000_000_000
    let deadline = started + UInt64(requestDeadline) * 1_000_000_000
    // Each read waits at most until the head's deadline, then the request's, so a client
    // trickling bytes cannot hold a connection (and its thread) longer than that.
    func receive(_ count: Int) -> Int {
      let now = DispatchTime.now().uptimeNanoseconds
      let deadline = headEnd == nil ? headBy : deadline
      guard now < deadline else { return 0 }
      let micros = (deadline - now) / 1000 + 1
      var timeout = timeval(tv_sec: Int(micros / 1_000_000), tv_usec: Int(micros % 1_000_000))
      setsockopt(socket.fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      return recv(socket.fd, &chunk, count, 0)
    }
    while headEnd == nil {
      let n = receive(chunk.count)
      guard n > 0 else {
        return .failure(.text(400, "the request's head did not arrive within \(headDeadline) s"))
      }
      buffer += chunk[0..<n]
      headEnd = buffer.firstRange(of: separator)?.lowerBound
      if headEnd == nil, buffer.count > 32768 {
        return .failure(.text(400, "the request head is over 32 KB"))
      }
    }
    let head = String(decoding: buffer[0..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
    let line = head[0].split(separator: " ")
    guard line.count == 3 else { return .failure(.text(400, "malformed request line")) }
    var headers: [String: String] = [:]
    for field in head.dropFirst() {
      guard let colon = field.firstIndex(of: ":") else { continue }
      headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let length = Int(headers["content-length"] ?? "0") ?? -1
    guard length >= 0 else { return .failure(.text(400, "bad Content-Length")) }
    let target = String(line[1])
    let components = URLComponents(string: target)
    var query: [String: String] = [:]
    for item in components?.queryItems ?? [] { query[item.name] = item.value ?? "" }
    var request = HTTPRequest(
      method: String(line[0]), path: components?.percentEncodedPath ?? target, query: query,
      headers: headers, body: [])
    // Judged by its head first: a refused request's body is never read, and it never takes a
    // serving slot.
    if let refusal = screen(request) { return .failure(refusal) }
    if let full = admit(request, key: key) { return .failure(full) }
    admitted = true
    guard length <= maxBody else { return .failure(.text(413, "the body is over \(maxBody) bytes")) }
    var body = Array(buffer[(headEnd! + 4)...])
    while body.count < length {
      let n = receive(min(chunk.count, length - body.count))
      guard n > 0 else {
        return .failure(.text(400, "the body did not arrive whole within \(requestDeadline) s"))
      }
      body += chunk[0..<n]
    }
    request.body = Array(body.prefix(length))
    return .success(request)
  }
}

/// A reply that is also an error, so reading a request can fail with what to answer.
typealias HTTPReplyError = HTTPReply
extension HTTPReply: Error {}
