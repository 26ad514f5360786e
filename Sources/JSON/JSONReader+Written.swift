#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Readers for a text in the exact layout our own writer gives it (members in a known order,
/// no whitespace): a type's fast path asks for each member where it must stand and, at the
/// first thing that is not, goes back to its mark and reads the text the general way
/// (`nextMember`). So these only have to be right about the layout they expect.
extension JSONReader {
  /// Where a reader stands (`mark`), to come back to (`reset(to:)`).
  public struct Mark {
    @usableFromInline let index: Int
    @usableFromInline let depth: Int
    @usableFromInline let atOpening: Bool

    @inlinable init(index: Int, depth: Int, atOpening: Bool) {
      self.index = index
      self.depth = depth
      self.atOpening = atOpening
    }
  }

  /// The read position and nesting, for `reset(to:)`.
  @inlinable public var mark: Mark { Mark(index: s.index, depth: depth, atOpening: atOpening) }

  /// Goes back to `mark`, as if nothing after it had been read.
  @inlinable public mutating func reset(to mark: Mark) {
    s.index = mark.index
    depth = mark.depth
    atOpening = mark.atOpening
  }

  /// Reads a value the writer's way first (`written`: its exact layout, which throws at the
  /// first thing out of place) and, where that throws, from the same place again by `members`
  /// (any order, whitespace, unknown members).
  @inlinable @inline(__always)
  public mutating func read<T>(
    written: (inout JSONReader) throws(Unusual) -> T, members: (inout JSONReader) throws(Unusual) -> T
  ) throws(Unusual) -> T {
    let mark = self.mark
    do throws(Unusual) {
      return try written(&self)
    } catch {
      reset(to: mark)
    }
    return try members(&self)
  }

  /// Passes `token` (a member's name with its quotes and colon: `"key":`), after the comma
  /// unless it is the first member, if it stands exactly at the read position; false (nothing
  /// passed) otherwise. `token` is compared a word at a time.
  @inlinable @inline(__always)
  public mutating func member(_ token: StaticString) -> Bool {
    let bytes = s.bytes
    var k = s.index
    if !atOpening {
      guard k < bytes.count, bytes[k] == UInt8(ascii: ",") else { return false }
      k += 1
    }
    guard RawBytes.has(token, in: bytes, at: k) else { return false }
    atOpening = false
    s.index = k + token.utf8CodeUnitCount
    return true
  }

  /// `member(token)`, or `Unusual` where it does not stand there.
  @inlinable @inline(__always)
  public mutating func expectMember(_ token: StaticString) throws(Unusual) {
    guard member(token) else { throw Unusual() }
  }

  /// Passes `byte` if it stands exactly at the read position (a container's end in the
  /// writer's layout); leaving the container if it is one's closing byte.
  @inlinable @inline(__always)
  public mutating func close(_ byte: UInt8) -> Bool {
    let bytes = s.bytes
    guard s.index < bytes.count, bytes[s.index] == byte else { return false }
    s.index += 1
    depth -= 1
    atOpening = false
    return true
  }

  /// The string that comes next, exactly at the read position, as its span: its UTF-8
  /// checked, with no escape (an escaped one is `Unusual`, as is anything but a string).
  @inlinable @inline(__always)
  public mutating func plainString() throws(Unusual) -> Span {
    let bytes = s.bytes
    guard s.index < bytes.count, bytes[s.index] == UInt8(ascii: "\"") else { throw Unusual() }
    let start = s.index + 1
    var k = Self.plainEnd(bytes, from: start)
    while k < bytes.count, bytes[k] != UInt8(ascii: "\"") {
      // Past a whole scalar of two to four bytes, then on a word at a time; a backslash or a
      // control byte ends the fast way.
      guard bytes[k] >= 0x80, let end = JSONScanner.utf8ScalarEnd(bytes, at: k) else { throw Unusual() }
      k = Self.plainEnd(bytes, from: end)
    }
    guard k < bytes.count else { throw Unusual() }
    s.index = k + 1
    return Span(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: k), escaped: false)
  }

  /// `plainString` as a `String`.
  @inlinable @inline(__always)
  public mutating func plainText() throws(Unusual) -> String {
    let span = try plainString()
    return String(
      decoding: UnsafeRawBufferPointer(rebasing: s.bytes[Int(span.start)..<Int(span.end)]), as: UTF8.self)
  }

  /// `plainString` as the case of `T` whose raw value it is, matched byte for byte (no
  /// `String` is made, and no lookup by one); anything else is `Unusual`.
  @inlinable @inline(__always)
  public mutating func plainCase<T: RawRepresentable<String> & CaseIterable>(_ type: T.Type) throws(Unusual)
    -> T
  {
    try Self.match(try plainString(), in: s.bytes, as: T.self)
  }

  /// `plainString` as the position in `names` of the name it spells byte for byte (a name
  /// declared at run time, as a screen is); `Unusual` for none.
  @inlinable
  public mutating func plainIndex(in names: [String]) throws(Unusual) -> Int {
    let span = try plainString()
    let n = Int(span.end - span.start)
    let text = s.bytes.baseAddress! + Int(span.start)
    for i in names.indices {
      var name = names[i]
      if name.withUTF8({ $0.count == n && (n == 0 || memcmp($0.baseAddress!, text, n) == 0) }) { return i }
    }
    throw Unusual()
  }

  /// The case of `T` whose raw value is the text at `span` (unescaped), or `Unusual`.
  @inlinable
  static func match<T: RawRepresentable<String> & CaseIterable>(
    _ span: Span, in bytes: UnsafeRawBufferPointer, as type: T.Type
  ) throws(Unusual) -> T {
    let n = Int(span.end - span.start)
    let text = bytes.baseAddress! + Int(span.start)
    for candidate in T.allCases {
      var raw = candidate.rawValue
      if raw.withUTF8({ $0.count == n && (n == 0 || memcmp($0.baseAddress!, text, n) == 0) }) {
        return candidate
      }
    }
    throw Unusual()
  }

  /// `plainString`, or nil for a `null` standing exactly at the read position.
  @inlinable @inline(__always)
  public mutating func plainStringOrNull() throws(Unusual) -> Span? {
    if literal(0x6C6C_756E) { return nil }  // "null", little-endian
    return try plainString()
  }

  /// The integer that comes next, exactly at the read position: digits with an optional
  /// minus, at most 18 of them, no leading zero; anything else is `Unusual`.
  @inlinable @inline(__always)
  public mutating func plainInt() throws(Unusual) -> Int {
    let bytes = s.bytes
    var k = s.index
    let negative = k < bytes.count && bytes[k] == UInt8(ascii: "-")
    if negative { k += 1 }
    let first = k
    var v = 0
    while k < bytes.count {
      let d = bytes[k] &- 0x30
      guard d < 10 else { break }
      v = v &* 10 &+ Int(d)
      k += 1
    }
    let count = k - first
    guard count > 0, count <= 18, count == 1 || bytes[first] != 0x30 else { throw Unusual() }
    if k < bytes.count {
      let next = bytes[k]
      guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") else {
        throw Unusual()
      }
    }
    s.index = k
    return negative ? -v : v
  }

  /// `plainInt`, or nil for a `null` standing exactly at the read position.
  @inlinable @inline(__always)
  public mutating func plainIntOrNull() throws(Unusual) -> Int? {
    if literal(0x6C6C_756E) { return nil }
    return try plainInt()
  }

  /// Enters the array or object (`open`) that stands exactly at the read position.
  @inlinable @inline(__always)
  public mutating func open(_ open: UInt8) throws(Unusual) {
    let bytes = s.bytes
    guard s.index < bytes.count, bytes[s.index] == open, depth + 2 < Self.depthBound else { throw Unusual() }
    s.index += 1
    depth += 1
    atOpening = true
  }

  /// Passes the four bytes `word` (little-endian) if they stand at the read position.
  @inlinable @inline(__always)
  mutating func literal(_ word: UInt32) -> Bool {
    let bytes = s.bytes
    guard s.index + 4 <= bytes.count,
      UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: s.index, as: UInt32.self)) == word
    else { return false }
    s.index += 4
    return true
  }

  /// Passes a comma standing exactly at the read position (between elements).
  @inlinable @inline(__always)
  public mutating func comma() -> Bool {
    let bytes = s.bytes
    guard s.index < bytes.count, bytes[s.index] == UInt8(ascii: ",") else { return false }
    s.index += 1
    return true
  }
}
