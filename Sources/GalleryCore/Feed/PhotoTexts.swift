#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A photo's texts in one buffer: every string field and the tags, length-prefixed, so a
/// photo costs one allocation instead of one per URL (a feed of 100,000 photos kept about
/// 800 bytes each in eight allocations; this keeps about 400).
///
/// The layout is in memory only (a photo is encoded member by member), so it is free to
/// follow the order a log line gives the members: replay copies them in as it reads them.
struct PhotoTexts: Equatable, Sendable {
  /// The fields in `Field` order (written with `Photo` from `PhotoMembers` by
  /// Tools/shapes/generate.py, in Photo+JSON.swift), each a varint of the length + 1 (0: absent) then its UTF-8
  /// bytes, with the tags where the members put them (after `providerID`): a varint count,
  /// then each as a field.
  private let bytes: [UInt8]

  /// The texts, in `Field` order (`fields.count == Field.allCases.count`), and the tags.
  init(_ fields: [String?], list: [String]) {
    var count = 2
    for field in fields { count += (field?.utf8.count ?? 0) + 2 }
    for tag in list { count += tag.utf8.count + 2 }
    var out: [UInt8] = []
    out.reserveCapacity(count)
    for (i, field) in fields.enumerated() {
      if i == Self.afterList {
        Self.appendVarint(UInt64(list.count), to: &out)
        for tag in list { Self.append(tag, to: &out) }
      }
      Self.append(field, to: &out)
    }
    bytes = out
  }

  /// The bytes a `Writer` laid out.
  private init(laidOut bytes: [UInt8]) { self.bytes = bytes }

  /// The text of `field` (nil when absent).
  subscript(field: Field) -> String? {
    var at = 0
    for i in 0..<field.rawValue {
      if i == Self.afterList { skipTags(&at) }
      skip(&at)
    }
    if field.rawValue == Self.afterList { skipTags(&at) }
    return read(&at)
  }

  var list: [String] {
    var at = 0
    for _ in 0..<Self.afterList { skip(&at) }
    let count = Int(readVarint(&at))
    return (0..<count).map { _ in read(&at) ?? "" }
  }

  private func read(_ at: inout Int) -> String? {
    let marker = Int(readVarint(&at))
    guard marker > 0 else { return nil }
    let end = at + marker - 1
    defer { at = end }
    return String(decoding: bytes[at..<end], as: UTF8.self)
  }

  private func skip(_ at: inout Int) {
    let marker = Int(readVarint(&at))
    if marker > 0 { at += marker - 1 }
  }

  private func skipTags(_ at: inout Int) {
    let count = Int(readVarint(&at))
    for _ in 0..<count { skip(&at) }
  }

  private func readVarint(_ at: inout Int) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while at < bytes.count {
      let byte = bytes[at]
      at += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return value
  }

  private static func append(_ text: String?, to out: inout [UInt8]) {
    guard let text else { return appendVarint(0, to: &out) }
    let utf8 = text.utf8
    appendVarint(UInt64(utf8.count) + 1, to: &out)
    out.append(contentsOf: utf8)
  }

  private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
    var v = value
    while v >= 0x80 {
      out.append(UInt8(v & 0x7F) | 0x80)
      v >>= 7
    }
    out.append(UInt8(v))
  }
}

extension PhotoTexts {
  /// The most tags a photo read off a log line holds (more is `Unusual`: the Codable path
  /// reads it), so their count is one byte.
  static let listBound = 16

  /// Lays a photo's texts out as `bytes` holds them, copied straight from a JSON text as a
  /// reader finds them (replay's fast path: no `String` in between), into memory its caller
  /// owns. Texts come in `Field` order, the tags after `providerID`; none may hold an escape
  /// (the readers refuse those, so a text is copied, never unescaped). Past `capacity` is
  /// `Unusual`: the caller then takes the path that sizes its memory first.
  struct Writer: ~Copyable {
    let text: UnsafeRawBufferPointer
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var at = 0
    var tagCountAt = -1

    /// Writes into `memory`, copying from `text`.
    init(_ memory: UnsafeMutableRawBufferPointer, copyingFrom text: UnsafeRawBufferPointer) {
      self.text = text
      base = memory.baseAddress!.assumingMemoryBound(to: UInt8.self)
      capacity = memory.count
    }

    /// The next field: the text at `span`, or absent (nil).
    @inline(__always)
    mutating func put(_ span: JSONReader.Span?) throws(JSONReader.Unusual) {
      guard let span else {
        guard at < capacity else { throw JSONReader.Unusual() }
        base[at] = 0
        at += 1
        return
      }
      let length = Int(span.end - span.start)
      guard at + length + 10 <= capacity else { throw JSONReader.Unusual() }
      at += PhotoTexts.writeVarint(UInt64(length + 1), to: base + at)
      if length > 0 { memcpy(base + at, text.baseAddress! + Int(span.start), length) }
      at += length
    }

    /// Starts the tags (their count is filled in by `endList`).
    mutating func beginList() throws(JSONReader.Unusual) {
      guard at < capacity else { throw JSONReader.Unusual() }
      tagCountAt = at
      at += 1
    }

    /// The tags' count, once they are all put.
    mutating func endList(count: Int) throws(JSONReader.Unusual) {
      guard count <= PhotoTexts.listBound else { throw JSONReader.Unusual() }
      base[tagCountAt] = UInt8(count)
    }

    /// The texts laid out.
    var texts: PhotoTexts {
      PhotoTexts(laidOut: [UInt8](UnsafeRawBufferPointer(start: base, count: at)))
    }
  }

  /// A photo's texts as places in a JSON text, for a reader that meets the members in any
  /// order: each text in `Field` order (nil: absent or null) and the tags. Lives on the
  /// reader's stack, one photo at a time.
  struct Spans {
    var texts = TextSpans(repeating: nil)
    var tags = InlineArray<16, JSONReader.Span>(repeating: JSONReader.Span(start: 0, end: 0, escaped: false))
    var tagCount = 0

    /// Adds the tag at `span`; `Unusual` past the bound or for an escaped one.
    mutating func appendToList(_ span: JSONReader.Span) throws(JSONReader.Unusual) {
      guard tagCount < PhotoTexts.listBound, !span.escaped else { throw JSONReader.Unusual() }
      tags[tagCount] = span
      tagCount += 1
    }

    /// The texts laid out in memory sized for them.
    func texts(copyingFrom text: UnsafeRawBufferPointer) throws(JSONReader.Unusual) -> PhotoTexts {
      var size = 1
      for i in 0..<texts.count { size += Int((texts[i]?.end ?? 0) - (texts[i]?.start ?? 0)) + 10 }
      for k in 0..<tagCount { size += Int(tags[k].end - tags[k].start) + 10 }
      return try withUnsafeTemporaryAllocation(byteCount: size, alignment: 8) {
        memory throws(JSONReader.Unusual) in
        var writer = Writer(memory, copyingFrom: text)
        for i in 0..<texts.count {
          if i == PhotoTexts.afterList {
            try writer.beginList()
            for k in 0..<tagCount { try writer.put(tags[k]) }
            try writer.endList(count: tagCount)
          }
          try writer.put(texts[i])
        }
        return writer.texts
      }
    }
  }

  /// `appendVarint` into memory sized for it; returns the bytes written.
  @inline(__always)
  fileprivate static func writeVarint(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
    if value < 0x80 {
      out[0] = UInt8(value)
      return 1
    }
    var v = value
    var n = 0
    while v >= 0x80 {
      out[n] = UInt8(v & 0x7F) | 0x80
      v >>= 7
      n += 1
    }
    out[n] = UInt8(v)
    return n + 1
  }
}
