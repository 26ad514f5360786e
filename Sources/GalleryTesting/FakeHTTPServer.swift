import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 (an ephemeral port) that answers from a handler, for
/// tests that talk to providers over real HTTP without the network. Records every request.
public final class FakeHTTPServer: @unchecked Sendable {
  /// A request as the server received it.
  public struct Request: Sendable, Equatable {
    public var method: String
    /// The path with its query string.
    public var target: String
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    /// The path without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    /// Query items, decoded.
    public var query: [String: String] {
      var items: [String: String] = [:]
      for item in URLComponents(string: target)?.queryItems ?? [] { items[item.name] = item.value ?? "" }
      return items
    }
  }

  /// What to answer.
  public struct Response: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Faults: close the connection with a reset after this many bytes of the body.
    public var resetAfterBodyBytes: Int?
    /// A hostile body made on the fly (never held in memory): this many bytes after `body`,
    /// announced by Content-Length only when `declaresLength`, else ended by closing.
    public var generatedBytes: Int?
    public var declaresLength = true

    public init(
      status: Int = 200, headers: [String: String] = [:], body: Data = Data(), resetAfterBodyBytes: Int? = nil
    ) {
      self.status = status
      self.headers = headers
      self.body = body
      self.resetAfterBodyBytes = resetAfterBodyBytes
    }

    /// A body of `bytes` bytes starting with `prefix` (e.g. an image's magic bytes), made as
    /// it is sent.
    public static func huge(_ bytes: Int, prefix: [UInt8] = [], declaresLength: Bool = true) -> Response {
      var response = Response(body: Data(prefix))
      response.generatedBytes = bytes - prefix.count
      response.declaresLength = declaresLength
      return response
    }

    /// A JSON answer.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> Response {
      var h = headers
      h["Content-Type"] = "application/json; charset=utf-8"
      return Response(status: status, headers: h, body: Data(text.utf8))
    }
  }

  public typealias Handler = @Sendable (Request) -> Response

  private let listener: Int32
  public let port: UInt16
  private let handler: Handler
  private let lock = NSLock()
  private var received: [Request] = []
  private var stopped = false
  private var generatedSent = 0

  /// How many generated body bytes the clients have taken so far (see `Response.huge`).
  public var generatedBytesSent: Int { lock.withLock { generatedSent } }

  /// Starts listening at once.
  public init(handler: @escaping Handler) throws {
    self.handler = handler
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw POSIXError(.EIO) }
    self.listener = listener
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 64) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  deinit { stop() }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// Every request received so far, in order.
  public var requests: [Request] {
    lock.lock()
    defer { lock.unlock() }
    return received
  }

  /// Stops accepting connections.
  public func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    if !wasStopped {
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
    }
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      let thread = Thread { [self] in serve(client) }
      thread.start()
    }
  }

  private func serve(_ fd: Int32) {
    defer { close(fd) }
    var buffer = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 65536)
    let separator: [UInt8] = [13, 10, 13, 10]
    var headerEnd: Int?
    while headerEnd == nil {
      let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { return }
      buffer += chunk[0..<n]
      if buffer.count >= 4 {
        for i in 0...(buffer.count - 4) where Array(buffer[i..<(i + 4)]) == separator {
          headerEnd = i
          break
        }
      }
    }
    let head = String(decoding: buffer[0..<headerEnd!], as: UTF8.self)
    var lines = head.components(separatedBy: "\r\n")
    let requestLine = lines.removeFirst().split(separator: " ")
    guard requestLine.count >= 2 else { return }
    var headers: [String: String] = [:]
    for line in lines {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
        in: .whitespaces)
    }
    let length = Int(headers["content-length"] ?? "0") ?? 0
    var body = Array(buffer[(headerEnd! + 4)...])
    if body.count < length, headers["expect"]?.lowercased() == "100-continue" {
      let proceed = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
      _ = proceed.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
    while body.count < length {
      let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { break }
      body += chunk[0..<n]
    }
    let request = Request(
      method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
      body: Data(body.prefix(length)))
    lock.lock()
    received.append(request)
    lock.unlock()
    let response = handler(request)
    var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
    var responseHeaders = response.headers
    if response.declaresLength {
      responseHeaders["Content-Length"] = String(response.body.count + (response.generatedBytes ?? 0))
    }
    responseHeaders["Connection"] = "close"
    for (name, value) in responseHeaders.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    text += "\r\n"
    var bytes = Array(text.utf8) + Array(response.body)
    if let cut = response.resetAfterBodyBytes {
      bytes = Array(bytes.prefix(text.utf8.count + cut))
      // SO_LINGER 0: close sends a reset, not an orderly end.
      var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
      setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }
    guard sendAll(fd, bytes[...]) else { return }
    guard var left = response.generatedBytes else { return }
    let filler = [UInt8](repeating: 0x41, count: 65536)
    while left > 0 {
      let piece = filler[0..<min(left, filler.count)]
      guard sendAll(fd, piece) else { return }
      left -= piece.count
      lock.withLock { generatedSent += piece.count }
    }
  }

  private func sendAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
    var sent = bytes.startIndex
    while sent < bytes.endIndex {
      let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      if n <= 0 { return false }
      sent += n
    }
    return true
  }

  private func reason(_ status: Int) -> String {
    switch status {
    case 200: return "OK"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 429: return "Too Many Requests"
    case 500: return "Internal Server Error"
    case 503: return "Service Unavailable"
    default: return "Status"
    }
  }
}
