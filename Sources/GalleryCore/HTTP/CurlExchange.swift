import CCurl
import Foundation
import Synchronization

/// One exchange through libcurl: what arrives is kept here as it comes, and bounded. The
/// body stops at `limit` (the write callback refuses the byte past it, so memory never holds
/// more than the limit, whatever the framing: a declared length, chunks, a body ended by
/// closing, or gzip inflating as it goes); the headers of the final answer; whether the
/// caller cancelled. Owned by the thread that runs it, which ends with the exchange.
final class CurlExchange: Sendable {
  let request: HTTPRequest
  let limit: Int
  private let progress: (@Sendable (Int64, Int64) -> Void)?
  /// What arrived so far, written by curl's callbacks and read by the caller.
  private struct Transfer {
    var cancelled = false
    /// The body so far: one block of `limit` bytes taken at the first byte, whose pages
    /// become resident only as they are written, so the body is never copied while it grows
    /// and the peak is the body itself (at most the limit), not a doubling buffer's copies.
    var buffer: UnsafeMutableRawPointer?
    var received = 0
    var headers: [String: String] = [:]
    /// Set when the answer was refused for its size: what its Content-Length declared, if it did.
    var refusedSize: Int64??
  }
  private let transfer = Mutex(Transfer())

  init(request: HTTPRequest, limit: Int, progress: (@Sendable (Int64, Int64) -> Void)?) {
    self.request = request
    self.limit = limit
    self.progress = progress
  }

  deinit { transfer.withLock { free($0.buffer) } }

  /// Stops the exchange at curl's next progress call (within a second, sooner while bytes move).
  func cancel() { transfer.withLock { $0.cancelled = true } }

  private var isCancelled: Bool { transfer.withLock { $0.cancelled } }

  /// A curl callback's bytes handed to the exchange behind `context` by `part` (its body or
  /// a header line): the count taken, or 0 (curl then stops).
  static func take(
    _ bytes: UnsafeMutablePointer<CChar>?, _ count: Int, _ context: UnsafeMutableRawPointer?,
    _ part: (CurlExchange) -> (UnsafeRawPointer, Int) -> Bool
  ) -> Int {
    guard let bytes, let context else { return 0 }
    let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
    return part(exchange)(bytes, count) ? count : 0
  }

  /// Takes `count` body bytes; false (curl then stops) past the limit or once cancelled.
  func receive(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
    // curl's buffer, valid for this call: only copied from, never kept (passed by address so
    // the lock's state is not tied to the caller's pointer).
    let source = UInt(bitPattern: bytes)
    return transfer.withLock { t in
      guard !t.cancelled else { return false }
      guard t.received + count <= limit else {
        t.refusedSize = .some(nil)
        free(t.buffer)
        t.buffer = nil
        return false
      }
      if t.buffer == nil {
        guard let block = malloc(max(limit, 1)) else { return false }
        t.buffer = block
      }
      guard let bytes = UnsafeRawPointer(bitPattern: source) else { return false }
      (t.buffer! + t.received).copyMemory(from: bytes, byteCount: count)
      t.received += count
      return true
    }
  }

  /// Takes one header line; false (curl then stops) when a declared length is over the limit.
  func header(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return transfer.withLock { t in
      if line.hasPrefix("HTTP/") {
        // A new answer (after a redirect or a 100 Continue): only the last one's headers count.
        t.headers = [:]
        return true
      }
      guard let colon = line.firstIndex(of: ":") else { return true }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      t.headers[name] = value
      if name == "content-length", let declared = Int64(value), declared > Int64(limit),
        t.headers["content-encoding"] == nil
      {
        t.refusedSize = .some(declared)
        return false
      }
      return true
    }
  }

  /// curl's progress call: tells the uploader, and stops a cancelled exchange.
  func advanced(sent: Int64, total: Int64) -> Bool {
    if let progress, total > 0 { progress(sent, total) }
    return !isCancelled
  }

  /// The result once curl has returned `code` with the answer's `status`.
  func result(code: Int32, status: Int) -> Result<HTTPResponse, RequestFailure> {
    // 63: curl refused a declared length past the limit itself (CURLOPT_MAXFILESIZE_LARGE).
    let (refused, wasCancelled, headers, body) = transfer.withLock { t in
      let refused: Int64?? = code == 63 ? .some(t.refusedSize ?? nil) : t.refusedSize
      // The body keeps the block (shrunk to what arrived): no copy.
      var body = Data()
      if let block = t.buffer, t.received > 0, let shrunk = realloc(block, t.received) {
        body = Data(bytesNoCopy: shrunk, count: t.received, deallocator: .free)
        t.buffer = nil
      }
      return (refused, t.cancelled, t.headers, body)
    }
    if let refused {
      let what = refused.map { "a body of \($0) bytes" } ?? "a body"
      return .failure(
        RequestFailure(
          kind: .tooLarge, detail: "\(what) is over the limit of \(limit) bytes", limitBytes: limit))
    }
    if wasCancelled { return .failure(RequestFailure(kind: .cancelled)) }
    guard code == 0 else { return .failure(Self.failure(code)) }
    let total = Int64(request.body?.count ?? 0)
    if let progress, total > 0 { progress(total, total) }
    return .success(HTTPResponse(status: status, headers: headers, body: body))
  }

  /// curl's error codes as the failures the core tells apart.
  static func failure(_ code: Int32) -> RequestFailure {
    let text = String(cString: ccurl_strerror(code))
    switch code {
    case 28: return RequestFailure(kind: .timeout, detail: text)
    case 42: return RequestFailure(kind: .cancelled)
    // Unsupported protocol, bad URL, a body it cannot decode, too many redirects, a bad answer.
    case 1, 3, 8, 47, 61: return RequestFailure(kind: .malformed, detail: text)
    // Cannot resolve, cannot connect, nothing or a cut answer, send and receive errors, TLS.
    default: return RequestFailure(kind: .offline, detail: text)
    }
  }
}
