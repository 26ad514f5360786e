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
    /// A message past `maxMessageBytes`, skipped: why, and its first bytes (at most
    /// `headBytes`), where its `id` may be found (`LeadingID`) so its sender is answered.
    case tooLarge(String, head: [UInt8])
  }

  public private(set) var framing: Framing?
  public let maxMessageBytes: Int
  /// How many of an oversized message's first bytes `tooLarge` keeps.
  public static let headBytes = 512
  private let maxHeaderBytes = 8192
  private var buffer: [UInt8] = []
  private var start = 0
  /// LSP: bytes of an oversized body still to skip. NDJSON: skipping to the next newline.
  private var skipBytes = 0
  private var skippingLine = false
  /// NDJSON: where the search for the next newline goes on (the bytes before it hold none), so
  /// a long line arriving in many reads is scanned once, not once per read.
  private var lineScan = 0
  /// LSP: an oversized body being skipped whose first bytes are kept to find its id: its length.
  private var oversizedLength: Int?
  /// LSP: the skipped body's first bytes (at most `headBytes`).
  private var oversizedHead: [UInt8] = []
  /// LSP: the body length announced by the headers just read.
  private var pendingBody: Int?
  /// LSP: after a header block without a usable length, skipping to the next header.
  private var resynchronising = false
  private var headerScan = HeaderScan()

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
      headerScan.rebase(removed: start)
      lineScan = max(0, lineScan - start)
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
    lineScan = 0
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
    guard let newline = Self.newline(in: buffer, from: max(start, lineScan)) else {
      lineScan = buffer.count
      if !skippingLine, buffer.count - start > maxMessageBytes {
        skippingLine = true
        let head = Array(buffer[start..<min(buffer.count, start + Self.headBytes)])
        start = buffer.count
        return .tooLarge("message exceeds the limit of \(maxMessageBytes) bytes", head: head)
      }
      if skippingLine { start = buffer.count }
      return nil
    }
    var line = buffer[start..<newline]
    start = newline + 1
    lineScan = start
    if skippingLine {
      skippingLine = false
      return nextLine()
    }
    if line.last == 0x0D { line = line.dropLast() }
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nextLine() }
    if line.count > maxMessageBytes {
      return .tooLarge(
        "message exceeds the limit of \(maxMessageBytes) bytes", head: Array(line.prefix(Self.headBytes)))
    }
    return .message(Array(line))
  }

  /// The offset of the first line feed at or after `from` (memchr: a line is searched for at
  /// every read, and a byte-by-byte search cost more than the rest of the line's handling).
  private static func newline(in buffer: [UInt8], from: Int) -> Int? {
    guard from < buffer.count else { return nil }
    return buffer.withUnsafeBufferPointer { all in
      memchr(all.baseAddress! + from, 0x0A, all.count - from).map {
        all.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      }
    }
  }

  private mutating func nextLSP() -> Item? {
    if skipBytes > 0 {
      let available = buffer.count - start
      let n = min(available, skipBytes)
      if oversizedLength != nil, oversizedHead.count < Self.headBytes {
        oversizedHead += buffer[start..<(start + min(n, Self.headBytes - oversizedHead.count))]
      }
      start += n
      skipBytes -= n
      if let length = oversizedLength, skipBytes == 0 || oversizedHead.count >= Self.headBytes {
        // Reported once its head is in (or the body ended): the skip goes on after.
        oversizedLength = nil
        defer { oversizedHead = [] }
        return .tooLarge(
          "message of \(length) bytes exceeds the limit of \(maxMessageBytes) bytes", head: oversizedHead)
      }
      if skipBytes > 0 { return nil }
    }
    if let length = pendingBody {
      // A header inside the body (outside any JSON string) means the body was shorter than
      // declared: the next message starts there.
      if let header = headerScan.find(in: buffer, from: start, to: min(start + length, buffer.count)) {
        start = header
        pendingBody = nil
        return .error(
          "the body is shorter than its Content-Length of \(length) bytes; went on at the next Content-Length header"
        )
      }
      guard buffer.count - start >= length else { return nil }
      let body = Array(buffer[start..<(start + length)])
      start += length
      pendingBody = nil
      return .message(body)
    }
    if resynchronising {
      guard let header = headerScan.find(in: buffer, from: start, to: buffer.count) else {
        start = headerScan.offset ?? start
        return nil
      }
      start = header
      resynchronising = false
    }
    while start < buffer.count, buffer[start] == 0x0D || buffer[start] == 0x0A { start += 1 }
    if start < buffer.count, buffer[start] == UInt8(ascii: "{") || buffer[start] == UInt8(ascii: "[") {
      return strayLine()
    }
    guard let end = headerEnd() else {
      if buffer.count - start > maxHeaderBytes {
        start = buffer.count
        return .error("header block longer than \(maxHeaderBytes) bytes without a blank line")
      }
      return nil
    }
    // Leftover bytes (a body longer than its Content-Length) run into the next header: the
    // next message starts at the `Content-Length:` that follows them, even mid-line.
    var scan = HeaderScan(skipsStrings: false)
    if let header = scan.find(in: buffer, from: start, to: end.headers), header > start,
      buffer[header - 1] != 0x0A
    {
      let skipped = header - start
      start = header
      return .error(
        "\(skipped) bytes before a Content-Length header were not a message (a body longer than its Content-Length?); went on at the header"
      )
    }
    let headerText = String(decoding: buffer[start..<end.headers], as: UTF8.self)
    start = end.body
    var length: Int?
    var lengthProblem: String?
    var problem: String?
    for line in headerText.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
      guard let colon = line.firstIndex(of: ":") else {
        problem = problem ?? "malformed header line \(String(reflecting: String(line.prefix(80))))"
        continue
      }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if name == "content-length" {
        if let n = Int(value), n >= 0, value.allSatisfy(\.isNumber) {
          length = n
        } else {
          lengthProblem =
            "Content-Length \(String(reflecting: String(value.prefix(80)))) is not a non-negative integer"
        }
      } else if name == "content-type" {
        let lower = value.lowercased()
        if let range = lower.range(of: "charset="),
          !["utf-8", "utf8"].contains(lower[range.upperBound...].trimmingCharacters(in: .whitespaces))
        {
          problem = problem ?? "Content-Type charset must be utf-8, got \(String(reflecting: value))"
        }
      }
    }
    guard let length, lengthProblem == nil else {
      // No usable length: the body's end is unknown, so go on at the next Content-Length header.
      resynchronising = true
      headerScan = HeaderScan(skipsStrings: false)
      return .error(
        (lengthProblem ?? problem.map { "\($0); " } ?? "")
          + (lengthProblem == nil ? "missing Content-Length header" : "")
          + "; skipped to the next Content-Length header")
    }
    if let problem {
      skipBytes = length
      return .error(problem + "; its body of \(length) bytes was skipped")
    }
    if length > maxMessageBytes {
      skipBytes = length
      oversizedLength = length
      return nextLSP()
    }
    pendingBody = length
    headerScan = HeaderScan()
    return nextLSP()
  }

  /// A newline-delimited message in an LSP-framed session: reported (never dropped in silence)
  /// and skipped to its end of line.
  private mutating func strayLine() -> Item? {
    guard let newline = buffer[start...].firstIndex(of: 0x0A) else {
      if buffer.count - start > maxMessageBytes {
        start = buffer.count
        resynchronising = true
        headerScan = HeaderScan(skipsStrings: false)
        return .error(
          "a message without a Content-Length header in an LSP-framed session, over \(maxMessageBytes) bytes")
      }
      return nil
    }
    start = newline + 1
    return .error(
      "a newline-delimited message in a session framed with Content-Length headers (framing is chosen by the first message); send it with a Content-Length header"
    )
  }

  static let headerName = Array("content-length:".utf8)

  /// Finds `Content-Length:`, resuming where the last search stopped, so bytes arriving in
  /// many reads are scanned once. Inside a body it skips JSON strings (a valid body may say
  /// "Content-Length:" in a string, and a raw line break ends a string, as valid JSON has none);
  /// after a header block without a usable length it takes the first one, strings or not.
  struct HeaderScan: Sendable {
    var skipsStrings = true
    /// Where the next search resumes (everything before it was examined).
    private(set) var offset: Int?
    private var inString = false
    private var escaped = false

    init(skipsStrings: Bool = true) { self.skipsStrings = skipsStrings }

    mutating func rebase(removed: Int) { offset = offset.map { $0 - removed } }

    mutating func find(in buffer: [UInt8], from start: Int, to end: Int) -> Int? {
      var i = max(offset ?? start, start)
      while i < end {
        let b = buffer[i]
        if inString {
          if escaped {
            escaped = false
          } else if b == UInt8(ascii: "\\") {
            escaped = true
          } else if b == UInt8(ascii: "\"") || b == 0x0A || b == 0x0D {
            inString = false
          }
        } else if b == UInt8(ascii: "\""), skipsStrings {
          inString = true
        } else if b | 0x20 == UInt8(ascii: "c") {
          let name = FrameDecoder.headerName
          guard i + name.count <= buffer.count else { break }
          if (0..<name.count).allSatisfy({ buffer[i + $0] | 0x20 == name[$0] | 0x20 }) {
            self = HeaderScan(skipsStrings: skipsStrings)
            return i
          }
        }
        i += 1
      }
      offset = i
      return nil
    }
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
