import Foundation

/// Splits an incoming byte stream into messages, whatever the reads' boundaries: a message
/// split over many reads, or many messages in one read. Framing errors are reported and,
/// where the framing allows, decoding carries on with the next message.
public struct FrameDecoder: Sendable {
  /// One decoded item.
  public enum Item: Equatable, Sendable {
    /// The bytes of one message body.
    case message([UInt8])
    /// A framing problem; the stream goes on after it.
    case error(String)
  }

  public private(set) var framing: Framing?
  public let maxMessageBytes: Int
  private let maxHeaderBytes = 8192
  private var buffer: [UInt8] = []
  private var start = 0
  /// LSP: bytes of an oversized body still to skip. NDJSON: skipping to the next newline.
  private var skipBytes = 0
  private var skippingLine = false
  /// LSP: the body length announced by the headers just read.
  private var pendingBody: Int?

  public init(choice: FramingChoice = .auto, maxMessageBytes: Int = 16 << 20) {
    self.maxMessageBytes = maxMessageBytes
    switch choice {
    case .auto: framing = nil
    case .lsp: framing = .lsp
    case .ndjson: framing = .ndjson
    }
  }

  /// Feeds bytes read from the stream; returns every item they complete.
  public mutating func feed(_ bytes: some Collection<UInt8>) -> [Item] {
    buffer.append(contentsOf: bytes)
    var items: [Item] = []
    while let item = next() { items.append(item) }
    if start > 65536, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
    return items
  }

  /// At end of input: what remains is an incomplete message.
  public mutating func finish() -> [Item] {
    var items: [Item] = []
    if framing == .ndjson, !skippingLine {
      let rest = buffer[start...].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
      if !rest.isEmpty { items.append(.message(Array(rest))) }
    } else if framing == .lsp, start < buffer.count || pendingBody != nil {
      items.append(.error("input ended inside a message"))
    }
    buffer = []
    start = 0
    return items
  }

  private mutating func next() -> Item? {
    if framing == nil {
      guard
        let first = buffer[start...].first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A })
      else {
        return nil
      }
      framing = (first == UInt8(ascii: "C") || first == UInt8(ascii: "c")) ? .lsp : .ndjson
    }
    return framing == .lsp ? nextLSP() : nextLine()
  }

  private mutating func nextLine() -> Item? {
    guard let newline = buffer[start...].firstIndex(of: 0x0A) else {
      if !skippingLine, buffer.count - start > maxMessageBytes {
        skippingLine = true
        start = buffer.count
        return .error("message exceeds the limit of \(maxMessageBytes) bytes")
      }
      if skippingLine { start = buffer.count }
      return nil
    }
    var line = buffer[start..<newline]
    start = newline + 1
    if skippingLine {
      skippingLine = false
      return nextLine()
    }
    if line.last == 0x0D { line = line.dropLast() }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nextLine() }
    if line.count > maxMessageBytes { return .error("message exceeds the limit of \(maxMessageBytes) bytes") }
    return .message(Array(line))
  }

  private mutating func nextLSP() -> Item? {
    if skipBytes > 0 {
      let available = buffer.count - start
      let n = min(available, skipBytes)
      start += n
      skipBytes -= n
      if skipBytes > 0 { return nil }
    }
    if let length = pendingBody {
      guard buffer.count - start >= length else { return nil }
      let body = Array(buffer[start..<(start + length)])
      start += length
      pendingBody = nil
      return .message(body)
    }
    while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
    guard let end = headerEnd() else {
      if buffer.count - start > maxHeaderBytes {
        start = buffer.count
        return .error("header block longer than \(maxHeaderBytes) bytes without a blank line")
      }
      return nil
    }
    let headerText = String(decoding: buffer[start..<end.headers], as: UTF8.self)
    start = end.body
    var length: Int?
    for line in headerText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
      guard let colon = line.firstIndex(of: ":") else {
        return .error("malformed header line \(String(reflecting: String(line.prefix(80))))")
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if name == "content-length" {
        guard let n = Int(value), n >= 0, value.allSatisfy(\.isNumber) else {
          return .error("Content-Length \(String(reflecting: value)) is not a non-negative integer")
        }
        length = n
      } else if name == "content-type" {
        let lower = value.lowercased()
        if let range = lower.range(of: "charset="),
          !["utf-8", "utf8"].contains(lower[range.upperBound...].trimmingCharacters(in: .whitespaces))
        {
          return .error("Content-Type charset must be utf-8, got \(String(reflecting: value))")
        }
      }
    }
    guard let length else { return .error("missing Content-Length header") }
    if length > maxMessageBytes {
      skipBytes = length
      return .error("message of \(length) bytes exceeds the limit of \(maxMessageBytes) bytes")
    }
    pendingBody = length
    return nextLSP()
  }

  /// Where the header block ends (`\r\n\r\n`, or `\n\n` from lenient clients).
  private func headerEnd() -> (headers: Int, body: Int)? {
    var i = start
    while i < buffer.count {
      if buffer[i] == 0x0A {
        if i + 1 < buffer.count, buffer[i + 1] == 0x0A { return (i, i + 2) }
        if i + 2 < buffer.count, buffer[i + 1] == 0x0D, buffer[i + 2] == 0x0A {
          return (i - (i > start && buffer[i - 1] == 0x0D ? 1 : 0), i + 3)
        }
      }
      i += 1
    }
    return nil
  }
}
