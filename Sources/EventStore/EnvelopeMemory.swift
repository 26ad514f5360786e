#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a reader of many lines keeps from one line's envelope to the next, because
/// neighbours repeat it: each type's name as one shared `String` (a name past 15 bytes would
/// cost an allocation per line), and the second of the last time read (lines written in the
/// same second differ only in their milliseconds).
///
/// Owned by the `LogCursor` reading the lines; bounded at `capacity` names of at most
/// `EventLine.maxTypeLength` bytes (16 KiB; others are made per line, as before) and one second.
struct EnvelopeMemory {
  /// The most names kept: a build has a few dozen event types.
  static let capacity = 128

  /// Each name's bytes and text, and whether the layout's own scan checked it plain.
  private var names: [(bytes: [UInt8], text: String, plain: Bool)] = []
  /// Where the last name was found: lines of one type come in runs.
  private var last = 0
  /// The last time's first 20 bytes (`yyyy-mm-ddThh:mm:ss.`, as two words and a half) and
  /// its milliseconds at that second.
  private var second: (UInt64, UInt64, UInt32, millis: Int64)?

  /// The name spelled by `bytes` (a type's unescaped bytes, checked UTF-8), shared with
  /// earlier lines.
  mutating func name(_ bytes: UnsafeRawBufferPointer) -> String {
    if last < names.count, Self.equal(names[last].bytes, bytes) { return names[last].text }
    for (k, known) in names.enumerated() where Self.equal(known.bytes, bytes) {
      last = k
      return known.text
    }
    let text = String(decoding: bytes, as: UTF8.self)
    // Only a name the writer could have written is kept (a hostile line's may be megabytes).
    if names.count < Self.capacity, bytes.count <= EventLine.maxTypeLength {
      names.append((Array(bytes), text, false))
      last = names.count - 1
    }
    return text
  }

  /// A plain name (`plainName`) kept before, with its length, if its bytes and a closing
  /// quote stand at `offset` of `body`: the last one first. (Only a plain name: one `name`
  /// kept for the general reading may hold a quote, which this must never take as the
  /// name's end.)
  mutating func plainName(at body: UnsafeRawBufferPointer, _ offset: Int) -> (String, Int)? {
    if last < names.count, names[last].plain, let n = Self.stands(names[last].bytes, in: body, at: offset) {
      return (names[last].text, n)
    }
    for k in names.indices where k != last && names[k].plain {
      if let n = Self.stands(names[k].bytes, in: body, at: offset) {
        last = k
        return (names[k].text, n)
      }
    }
    return nil
  }

  /// `name` for bytes the caller checked are plain printable ASCII with no quote or
  /// backslash: a name `plainName(at:)` then looks for.
  mutating func plainName(_ bytes: UnsafeRawBufferPointer) -> String {
    let text = name(bytes)
    if last < names.count, Self.equal(names[last].bytes, bytes) { names[last].plain = true }
    return text
  }

  /// The length of `known` if its bytes and a closing quote stand at `offset` of `body`.
  @inline(__always)
  private static func stands(_ known: [UInt8], in body: UnsafeRawBufferPointer, at offset: Int) -> Int? {
    let n = known.count
    guard n > 0, offset + n < body.count, body[offset + n] == UInt8(ascii: "\""),
      known.withUnsafeBytes({ memcmp($0.baseAddress!, body.baseAddress! + offset, n) == 0 })
    else { return nil }
    return n
  }

  /// The milliseconds `ISOTime.parse` reads in `bytes`, or nil where it reads none; a time in
  /// the same second as the last one read only has its milliseconds read.
  mutating func time(_ bytes: UnsafeRawBufferPointer) -> Int64? {
    guard bytes.count == 24 else { return nil }
    let head = (
      bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      bytes.loadUnaligned(fromByteOffset: 16, as: UInt32.self)
    )
    if let second, second.0 == head.0, second.1 == head.1, second.2 == head.2, let ms = Self.millis(bytes) {
      return second.millis + ms
    }
    guard let time = ISOTime.parse(bytes) else { return nil }
    second = (head.0, head.1, head.2, time - Self.millis(bytes)!)
    return time
  }

  /// The three digits before the closing `Z`, if that is what they are.
  private static func millis(_ bytes: UnsafeRawBufferPointer) -> Int64? {
    guard bytes[23] == UInt8(ascii: "Z") else { return nil }
    var ms: Int64 = 0
    for k in 20..<23 {
      let c = bytes[k]
      guard c >= 0x30, c <= 0x39 else { return nil }
      ms = ms * 10 + Int64(c - 0x30)
    }
    return ms
  }

  private static func equal(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard known.count == bytes.count else { return false }
    guard let other = bytes.baseAddress, !known.isEmpty else { return true }
    return known.withUnsafeBytes { memcmp($0.baseAddress!, other, known.count) == 0 }
  }
}
