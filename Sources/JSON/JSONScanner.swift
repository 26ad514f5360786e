/// A strict, allocation-light JSON (RFC 8259) scanner over raw bytes.
///
/// The log reads its own envelope with it and checks that event data is one well-formed
/// object; Foundation's decoder would allocate a whole tree per line, which replay cannot afford.
public struct JSONScanner: ~Copyable {
  /// What went wrong and where (a byte offset into the scanned buffer).
  public struct Failure: Error, Equatable, Sendable {
    public let offset: Int
    public let reason: String
    public init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }
  }

  public let bytes: UnsafeRawBufferPointer
  /// The read position, a byte offset into `bytes`.
  public var index: Int
  private let maxDepth = 512

  /// Scans `bytes` from `index`.
  public init(_ bytes: UnsafeRawBufferPointer, index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// True when every byte has been consumed.
  @inlinable public var atEnd: Bool { index >= bytes.count }

  /// The byte at the read position, if any.
  @inlinable public var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// A failure at the read position.
  public func fail(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

  // The small readers below are inlinable: replay's tape (in GalleryCore) calls them for
  // every token, and a call across the module boundary cost more than their work.

  /// Skips JSON insignificant whitespace.
  @inlinable public mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  /// Whether `b` is JSON insignificant whitespace (space, tab, line feed, carriage return).
  @inlinable @inline(__always)
  public static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// Consumes `byte` (after whitespace) or fails naming what was expected.
  @inlinable public mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(what)") }
    index += 1
  }

  /// Consumes `byte` (after whitespace) if it is next.
  @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    if index < bytes.count, bytes[index] == byte {
      index += 1
      return true
    }
    return false
  }

  /// Reads a string value, decoding escapes.
  public mutating func readString() throws(Failure) -> String {
    let (content, escaped) = try scanString()
    return try text(of: content, escaped: escaped)
  }

  /// Skips a string value (after whitespace), checking it; returns the byte range of its
  /// content (without the quotes) and whether that content holds escapes.
  public mutating func scanString() throws(Failure) -> (content: Range<Int>, escaped: Bool) {
    skipWhitespace()
    guard peek == UInt8(ascii: "\"") else { throw fail("expected a string") }
    let start = index + 1
    var hasEscape = false
    try skipString(hasEscape: &hasEscape)
    return (start..<(index - 1), hasEscape)
  }

  /// The text of a string content that `scanString` returned (and so already checked).
  public func text(of content: Range<Int>, escaped: Bool) throws(Failure) -> String {
    let raw = UnsafeRawBufferPointer(rebasing: bytes[content])
    // scanString checked the UTF-8, so decoding cannot repair anything.
    if !escaped { return String(decoding: raw, as: UTF8.self) }
    return try unescape(raw, at: content.lowerBound)
  }

  /// Skips a number (after whitespace), checking its syntax; returns its byte range.
  public mutating func scanNumber() throws(Failure) -> Range<Int> {
    skipWhitespace()
    let start = index
    try skipNumber()
    return start..<index
  }

  /// Skips `true`, `false` or `null` (after whitespace); returns which byte it began with.
  public mutating func scanLiteral() throws(Failure) -> UInt8 {
    skipWhitespace()
    guard let first = peek else { throw fail("unexpected end of input") }
    switch first {
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: throw fail("invalid literal")
    }
    return first
  }

  /// Reads a non-negative integer that fits in UInt64.
  public mutating func readUInt() throws(Failure) -> UInt64 {
    skipWhitespace()
    let start = index
    var value: UInt64 = 0
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(bytes[index] - 0x30))
      guard !o1, !o2 else { throw fail("number too large") }
      value = a
      index += 1
    }
    guard index > start else { throw fail("expected a non-negative integer") }
    guard index - start == 1 || bytes[start] != 0x30 else { throw fail("leading zero in number") }
    if let next = peek, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      throw fail("expected an integer")
    }
    return value
  }

  /// Skips one complete JSON value of any kind, checking its syntax.
  public mutating func skipValue() throws(Failure) {
    try skipValue(depth: 0)
  }

  /// Skips one complete JSON value, refusing one that nests `levels` deep or more (a reader
  /// inside a document passes what is left of the document's own bound).
  public mutating func skipValue(levels: Int) throws(Failure) {
    try skipValue(depth: maxDepth - min(levels, maxDepth))
  }

  private mutating func skipValue(depth: Int) throws(Failure) {
    guard depth < maxDepth else { throw fail("nesting deeper than \(maxDepth)") }
    skipWhitespace()
    guard let b = peek else { throw fail("unexpected end of input") }
    switch b {
    case UInt8(ascii: "{"):
      index += 1
      if consume(UInt8(ascii: "}")) { return }
      repeat {
        skipWhitespace()
        var hasEscape = false
        guard peek == UInt8(ascii: "\"") else { throw fail("expected an object key") }
        try skipString(hasEscape: &hasEscape)
        try expect(UInt8(ascii: ":"), "':' after an object key")
        try skipValue(depth: depth + 1)
      } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"), "',' or '}' in an object")
    case UInt8(ascii: "["):
      index += 1
      if consume(UInt8(ascii: "]")) { return }
      repeat { try skipValue(depth: depth + 1) } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"), "',' or ']' in an array")
    case UInt8(ascii: "\""):
      var hasEscape = false
      try skipString(hasEscape: &hasEscape)
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: try skipNumber()
    }
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let n = word.utf8CodeUnitCount
    guard index + n <= bytes.count else { throw fail("unexpected end of input") }
    let p = word.utf8Start
    for k in 0..<n where bytes[index + k] != p[k] { throw fail("invalid literal") }
    index += n
  }

  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
    return index - start
  }

  private mutating func skipNumber() throws(Failure) {
    if peek == UInt8(ascii: "-") { index += 1 }
    let first = index
    let n = digits()
    guard n > 0 else { throw fail("invalid value") }
    guard n == 1 || bytes[first] != 0x30 else { throw fail("leading zero in number") }
    if peek == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw fail("expected digits after '.'") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw fail("expected exponent digits") }
    }
  }

  /// Skips a string starting at its opening quote; checks escapes, control bytes and UTF-8.
  private mutating func skipString(hasEscape: inout Bool) throws(Failure) {
    index += 1
    while index < bytes.count {
      // The plain bytes go eight at a time; the byte-by-byte path starts at the special one.
      index = Self.plainWords(bytes, from: index)
      guard index < bytes.count else { break }
      let b = bytes[index]
      if b == UInt8(ascii: "\"") {
        index += 1
        return
      } else if b == UInt8(ascii: "\\") {
        hasEscape = true
        guard index + 1 < bytes.count else { break }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          index += 2
        case UInt8(ascii: "u"):
          // (A `break` here would leave only the switch and spin forever: found by fuzzing.)
          let unit = try escapedUnit(at: index)
          index += 6
          // A surrogate must come as a high-low pair, or no Swift string can hold the text.
          if unit >= 0xD800, unit < 0xDC00 {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("lone surrogate in \\u escape") }
            let low = try escapedUnit(at: index)
            guard low >= 0xDC00, low < 0xE000 else { throw fail("lone surrogate in \\u escape") }
            index += 6
          } else if unit >= 0xDC00, unit < 0xE000 {
            throw fail("lone surrogate in \\u escape")
          }
        default:
          throw fail("invalid escape in string")
        }
      } else if b < 0x20 {
        throw fail("control character in string")
      } else if b < 0x80 {
        index += 1
      } else {
        try skipUTF8Scalar()
      }
    }
    throw fail("unterminated string")
  }

  /// Passes a string's plain bytes (none a quote, a backslash, a control byte or non-ASCII)
  /// from `start`, eight at a time: the offset of the first byte that is not plain, or where
  /// fewer than eight are left (the caller goes on byte by byte from there).
  @inlinable @inline(__always)
  public static func plainWords(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    var k = start
    while k + 8 <= bytes.count {
      let w = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self))
      let quote = w ^ 0x2222_2222_2222_2222
      let slash = w ^ 0x5C5C_5C5C_5C5C_5C5C
      let special =
        (quote &- 0x0101_0101_0101_0101) & ~quote | (slash &- 0x0101_0101_0101_0101) & ~slash
        | (w &- 0x2020_2020_2020_2020) | w
      let flags = special & 0x8080_8080_8080_8080
      // The lowest flag is exact (a borrow only reaches bytes above it).
      if flags != 0 { return k + flags.trailingZeroBitCount >> 3 }
      k += 8
    }
    return k
  }

  /// The UTF-16 unit of the `\\uXXXX` escape at `at` (its backslash).
  private func escapedUnit(at: Int) throws(Failure) -> UInt32 {
    guard at + 6 <= bytes.count else { throw fail("unterminated \\u escape") }
    var v: UInt32 = 0
    for k in 2..<6 {
      guard let h = hexValue(bytes[at + k]) else { throw fail("invalid \\u escape") }
      v = v << 4 | UInt32(h)
    }
    return v
  }

  private mutating func skipUTF8Scalar() throws(Failure) {
    guard let end = Self.utf8ScalarEnd(bytes, at: index) else { throw fail("invalid UTF-8") }
    index = end
  }

  /// Where the UTF-8 scalar of two to four bytes that starts at `index` ends, or nil if the
  /// bytes there are not one (RFC 3629: no overlong form, no surrogate, nothing past U+10FFFF).
  public static func utf8ScalarEnd(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
    let b = bytes[index]
    let count: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch b {
    case 0xC2...0xDF: count = 2
    case 0xE0: (count, lower) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED: (count, upper) = (3, 0x9F)
    case 0xF0: (count, lower) = (4, 0x90)
    case 0xF1...0xF3: count = 4
    case 0xF4: (count, upper) = (4, 0x8F)
    default: return nil
    }
    guard index + count <= bytes.count else { return nil }
    let second = bytes[index + 1]
    guard second >= lower, second <= upper else { return nil }
    for k in 2..<count where bytes[index + k] & 0xC0 != 0x80 { return nil }
    return index + count
  }

  private func unescape(_ raw: UnsafeRawBufferPointer, at base: Int) throws(Failure) -> String {
    var out = [UInt8]()
    out.reserveCapacity(raw.count)
    var i = 0
    func hex4(_ at: Int) -> UInt32 {
      var v: UInt32 = 0
      for k in 0..<4 { v = v << 4 | UInt32(hexValue(raw[at + k])!) }
      return v
    }
    while i < raw.count {
      let b = raw[i]
      guard b == UInt8(ascii: "\\") else {
        out.append(b)
        i += 1
        continue
      }
      let e = raw[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(i)
        i += 4
        if scalar >= 0xD800, scalar < 0xDC00, i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"),
          raw[i + 1] == UInt8(ascii: "u")
        {
          let low = hex4(i + 2)
          if low >= 0xDC00, low < 0xE000 {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        guard let u = Unicode.Scalar(scalar) else {
          throw Failure(offset: base + i, reason: "lone surrogate in \\u escape")
        }
        out.append(contentsOf: Array(String(Character(u)).utf8))
      default: out.append(e)
      }
    }
    guard let s = String(validating: out, as: UTF8.self) else {
      throw Failure(offset: base, reason: "string is not valid UTF-8")
    }
    return s
  }
}

/// The value of one hex digit (either case), or nil.
@inline(__always)
public func hexValue(_ b: UInt8) -> UInt8? {
  switch b {
  case 0x30...0x39: return b - 0x30
  case 0x61...0x66: return b - 0x61 + 10
  case 0x41...0x46: return b - 0x41 + 10
  default: return nil
  }
}
