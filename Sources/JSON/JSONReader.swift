#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a JSON text in one pass, front to back, straight into typed values: what replay's
/// hottest types (`JSONReadable`) are read with, with no tape, no token list and no string
/// for a key.
///
/// It checks what it passes exactly as `JSONTape` does (RFC 8259, UTF-8, escapes, the tape's
/// nesting bound), but it accepts only the regular case: anything else (an escaped key, a
/// number with a fraction, nesting near the bound) is `Unusual`, and the caller then decodes
/// the text the Codable way, which accepts it or names the problem. So a reader never has to
/// be right about an odd text, only about a plain one.
public struct JSONReader: ~Copyable {
  /// The text is not the regular case a reader takes (or not JSON at all): decode it the
  /// Codable way instead. Carries nothing; it is never shown.
  public struct Unusual: Error {
    @inlinable public init() {}
  }

  /// A member's name as it stands in the text (never escaped: an escaped name is `Unusual`).
  /// Matched against literals in a `switch` (`case "key":`).
  public struct Name {
    @usableFromInline let start: UnsafeRawPointer
    @usableFromInline let count: Int

    @inlinable init(start: UnsafeRawPointer, count: Int) {
      self.start = start
      self.count = count
    }

    /// Whether the name is `literal`, byte for byte.
    @inlinable
    public static func ~= (literal: StaticString, name: Name) -> Bool {
      let n = literal.utf8CodeUnitCount
      guard n == name.count else { return false }
      let a = UnsafeRawPointer(literal.utf8Start)
      let b = name.start
      guard n >= 8 else {
        for k in 0..<n
        where a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
          return false
        }
        return true
      }
      // Two words, overlapping when shorter than 16, cover 8 to 16 bytes; the middle of a
      // longer name is compared by memcmp.
      guard a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self),
        a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
          == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
      else { return false }
      return n <= 16 || memcmp(a + 8, b + 8, n - 16) == 0
    }
  }

  /// A string value's place in the text, for a reader that copies its bytes itself (a photo's
  /// texts go into one buffer): `start..<end` without the quotes.
  public struct Span: Sendable, Equatable {
    public var start: Int32
    public var end: Int32
    /// The content holds escapes: it must be unescaped, not copied.
    public var escaped: Bool

    @inlinable public init(start: Int32, end: Int32, escaped: Bool) {
      self.start = start
      self.end = end
      self.escaped = escaped
    }
  }

  /// The tape's bound (`JSONTape`): values nested 256 deep are refused. The reader refuses a
  /// level sooner, so what it accepts the tape accepts too.
  @usableFromInline static let depthBound = 256

  // The readers are inlinable: a type's reader (in another module) then calls them with its
  // own types known, where a call across the module boundary cost more than their work.
  @usableFromInline var s: JSONScanner
  /// The nesting of the values being read: 0 for the root, 1 for its members.
  @usableFromInline var depth = 0
  /// Just inside a container: the next member or element has no comma before it.
  @usableFromInline var atOpening = false

  /// Reads `bytes` from `index`.
  @inlinable public init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
    s = JSONScanner(bytes, index: index)
  }

  /// The text being read.
  @inlinable public var bytes: UnsafeRawBufferPointer { s.bytes }

  // MARK: Containers

  /// Enters the object that comes next.
  @inlinable public mutating func enterObject() throws(Unusual) {
    try enter(UInt8(ascii: "{"))
  }

  /// The name of the object's next member, its value next to read; nil past the last one
  /// (the object is then left).
  @inlinable public mutating func nextMember() throws(Unusual) -> Name? {
    var b = significant()
    if atOpening {
      atOpening = false
      if b == UInt8(ascii: "}") {
        s.index += 1
        return leave()
      }
    } else if b == UInt8(ascii: "}") {
      s.index += 1
      return leave()
    } else {
      guard b == UInt8(ascii: ",") else { throw Unusual() }
      s.index += 1
      b = significant()
    }
    guard b == UInt8(ascii: "\"") else { throw Unusual() }
    let name: Name
    if let plain = plainName() { name = plain } else { name = try scannedName() }
    guard significant() == UInt8(ascii: ":") else { throw Unusual() }
    s.index += 1
    return name
  }

  /// The byte at the read position once whitespace is passed (0 at the end): the common case,
  /// no whitespace, costs one comparison.
  @inlinable mutating func significant() -> UInt8 {
    let bytes = s.bytes
    var k = s.index
    while k < bytes.count {
      let b = bytes[k]
      guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else {
        s.index = k
        return b
      }
      k += 1
    }
    s.index = k
    return 0
  }

  /// The name at the read position (its opening quote) if it is printable ASCII with no
  /// escape, as member names nearly always are, passed with its closing quote; nil (the
  /// position unmoved) for anything else.
  @inlinable mutating func plainName() -> Name? {
    let bytes = s.bytes
    let start = s.index + 1
    let end = Self.plainEnd(bytes, from: start)
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    s.index = end + 1
    return Name(start: bytes.baseAddress! + start, count: end - start)
  }

  /// The offset of the first byte from `k` on that is a quote, a backslash, a control byte
  /// or not ASCII (or the end): eight bytes at a time, as `JSONScanner` passes a string.
  @inlinable static func plainEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
    var k = JSONScanner.plainWords(bytes, from: start)
    while k < bytes.count {
      let b = bytes[k]
      if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { return k }
      k += 1
    }
    return k
  }

  /// The name at the read position checked in full (UTF-8); an escaped one is `Unusual`.
  @usableFromInline mutating func scannedName() throws(Unusual) -> Name {
    guard let (content, escaped) = try? s.scanString(), !escaped else { throw Unusual() }
    return Name(start: s.bytes.baseAddress! + content.lowerBound, count: content.count)
  }

  /// Enters the array that comes next.
  @inlinable public mutating func enterArray() throws(Unusual) {
    try enter(UInt8(ascii: "["))
  }

  /// Whether the array has another element, then next to read; false past the last one (the
  /// array is then left).
  @inlinable public mutating func nextElement() throws(Unusual) -> Bool {
    s.skipWhitespace()
    if atOpening {
      atOpening = false
      if s.consume(UInt8(ascii: "]")) { return leave() != nil }
      return true
    }
    if s.consume(UInt8(ascii: "]")) { return leave() != nil }
    guard s.consume(UInt8(ascii: ",")) else { throw Unusual() }
    return true
  }

  /// Checks that nothing but whitespace follows the root value.
  @inlinable public mutating func end() throws(Unusual) {
    s.skipWhitespace()
    guard s.atEnd, depth == 0 else { throw Unusual() }
  }

  @usableFromInline mutating func enter(_ open: UInt8) throws(Unusual) {
    s.skipWhitespace()
    // A container's members sit one level deeper: the deepest the tape takes is refused here.
    guard s.peek == open, depth + 2 < Self.depthBound else { throw Unusual() }
    s.index += 1
    depth += 1
    atOpening = true
  }

  @usableFromInline mutating func leave() -> Name? {
    depth -= 1
    return nil
  }

  // MARK: Values

  /// Skips the value that comes next, checking it as the tape would.
  @inlinable public mutating func skip() throws(Unusual) {
    do throws(JSONScanner.Failure) {
      try s.skipValue(levels: Self.depthBound - 1 - depth)
    } catch {
      throw Unusual()
    }
  }

  /// The string that comes next.
  @inlinable public mutating func string() throws(Unusual) -> String {
    let span = try stringSpan()
    guard let text = try? s.text(of: Int(span.start)..<Int(span.end), escaped: span.escaped) else {
      throw Unusual()
    }
    return text
  }

  /// Where the string that comes next stands, checked and passed.
  @inlinable public mutating func stringSpan() throws(Unusual) -> Span {
    guard significant() == UInt8(ascii: "\"") else { throw Unusual() }
    // No escape to the closing quote, as nearly every text: a word at a time (`plainString`).
    let start = s.index
    do throws(Unusual) {
      return try plainString()
    } catch {
      s.index = start
    }
    guard let (content, escaped) = try? s.scanString() else { throw Unusual() }
    return Span(
      start: Int32(truncatingIfNeeded: content.lowerBound),
      end: Int32(truncatingIfNeeded: content.upperBound), escaped: escaped)
  }

  /// The string at `span` (one `stringSpan` returned), unescaped.
  @inlinable public func text(_ span: Span) throws(Unusual) -> String {
    guard let text = try? s.text(of: Int(span.start)..<Int(span.end), escaped: span.escaped) else {
      throw Unusual()
    }
    return text
  }

  /// The string that comes next, as a `T` of that raw value (an enum's case).
  @inlinable public mutating func value<T: RawRepresentable<String>>(_ type: T.Type) throws(Unusual) -> T {
    guard let value = T(rawValue: try string()) else { throw Unusual() }
    return value
  }

  /// The integer that comes next: digits with an optional minus, at most 18 of them. A
  /// fraction, an exponent or a longer number is `Unusual` (the Codable way reads those).
  @inlinable public mutating func int() throws(Unusual) -> Int {
    s.skipWhitespace()
    return try plainInt()
  }

  /// The boolean that comes next.
  @inlinable public mutating func bool() throws(Unusual) -> Bool {
    if word("true") { return true }
    if word("false") { return false }
    throw Unusual()
  }

  /// Passes a `null` if one comes next: true when it did.
  @inlinable public mutating func null() -> Bool { significant() == UInt8(ascii: "n") && word("null") }

  /// The string that comes next, or nil for a `null`.
  @inlinable public mutating func nullableString() throws(Unusual) -> String? { null() ? nil : try string() }

  /// The integer that comes next, or nil for a `null`.
  @inlinable public mutating func nullableInt() throws(Unusual) -> Int? { null() ? nil : try int() }

  // MARK: A member read once
  //
  // Each reads the value that comes next into `slot`, which must still be empty: a member
  // given twice is `Unusual` (the Codable way takes the last one).

  @inlinable public mutating func string(into slot: inout String?) throws(Unusual) {
    guard slot == nil else { throw Unusual() }
    slot = try string()
  }

  @inlinable public mutating func int(into slot: inout Int?) throws(Unusual) {
    guard slot == nil else { throw Unusual() }
    slot = try int()
  }

  @inlinable public mutating func bool(into slot: inout Bool?) throws(Unusual) {
    guard slot == nil else { throw Unusual() }
    slot = try bool()
  }

  @inlinable public mutating func value<T: RawRepresentable<String>>(into slot: inout T?) throws(Unusual) {
    guard slot == nil else { throw Unusual() }
    slot = try value(T.self)
  }

  /// A case read once, matched byte for byte against the cases' raw values (an escaped text
  /// is unescaped first).
  @inlinable public mutating func value<T: RawRepresentable<String> & CaseIterable>(into slot: inout T?)
    throws(Unusual)
  {
    guard slot == nil else { throw Unusual() }
    let span = try stringSpan()
    slot =
      span.escaped ? try T(rawValue: text(span)).orUnusual() : try Self.match(span, in: s.bytes, as: T.self)
  }

  /// An optional member: `slot` becomes `.some(nil)` for a `null`.
  @inlinable public mutating func nullableInt(into slot: inout Int??) throws(Unusual) {
    guard slot == nil else { throw Unusual() }
    slot = .some(try nullableInt())
  }

  @usableFromInline mutating func word(_ literal: StaticString) -> Bool {
    s.skipWhitespace()
    let n = literal.utf8CodeUnitCount
    guard s.index + n <= s.bytes.count,
      memcmp(s.bytes.baseAddress! + s.index, literal.utf8Start, n) == 0
    else { return false }
    s.index += n
    return true
  }
}

extension Optional {
  /// The value, or `Unusual` (the Codable way then reads the text) where there is none.
  @inlinable public func orUnusual() throws(JSONReader.Unusual) -> Wrapped {
    guard let self else { throw JSONReader.Unusual() }
    return self
  }
}
