/// How messages are delimited on the byte stream.
public enum Framing: String, Sendable, CaseIterable {
  /// LSP style: `Content-Length: N\r\n\r\n` then N bytes of JSON.
  case lsp
  /// One JSON message per line.
  case ndjson

  /// The bytes that carry `body` in this framing.
  public func frame(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .lsp: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    case .ndjson: return body + [0x0A]
    }
  }

  /// Appends the bytes that carry `body` to `out` (`out += frame(body)` with no framed copy
  /// made on the way: every message the server sends is queued this way).
  public func append(_ body: [UInt8], to out: inout [UInt8]) {
    body.withUnsafeBytes { append($0, to: &out) }
  }

  /// `append` for a body read in place.
  public func append(_ body: UnsafeRawBufferPointer, to out: inout [UInt8]) {
    switch self {
    case .lsp:
      out.append(contentsOf: "Content-Length: \(body.count)\r\n\r\n".utf8)
      out.append(contentsOf: body)
    case .ndjson:
      // No exact `reserveCapacity` here: the queue would then grow by exactly one message at
      // a time, reallocated on every send of a burst.
      out.append(contentsOf: body)
      out.append(0x0A)
    }
  }
}

/// `--framing`: detect from the first byte, or force one.
public enum FramingChoice: String, Sendable, CaseIterable {
  case auto, lsp, ndjson
}
