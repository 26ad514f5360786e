#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A photo's texts in one buffer: every string field and the tags, length-prefixed, so a
/// photo costs one allocation instead of one per URL (a feed of 100,000 photos kept about
/// 800 bytes each in eight allocations; this keeps about 400).
struct PhotoTexts: Equatable, Sendable {
  /// The fields, in order (`Field.rawValue`): a varint of the length + 1 (0: absent), then
  /// the UTF-8 bytes; after them the tags: a varint count, then each as a field.
  private let bytes: [UInt8]

  enum Field: Int, CaseIterable {
    case key, providerID, author, authorURL, pageURL, thumbnailURL, largeURL, originalURL, averageColor, alt
  }

  /// The texts, in `Field` order (`fields.count == Field.allCases.count`), and the tags.
  init(_ fields: [String?], tags: [String]) {
    var count = 2
    for field in fields { count += (field?.utf8.count ?? 0) + 2 }
    for tag in tags { count += tag.utf8.count + 2 }
    var out: [UInt8] = []
    out.reserveCapacity(count)
    for field in fields { Self.append(field, to: &out) }
    Self.appendVarint(UInt64(tags.count), to: &out)
    for tag in tags { Self.append(tag, to: &out) }
    bytes = out
  }

  /// The text of `field` (nil when absent).
  subscript(field: Field) -> String? {
    var at = 0
    for _ in 0..<field.rawValue { skip(&at) }
    return read(&at)
  }

  var tags: [String] {
    var at = 0
    for _ in Field.allCases { skip(&at) }
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
  /// Each text's place in a JSON text, in `Field` order: `.none` absent, `.some(nil)` null.
  typealias Spans = InlineArray<10, JSONReader.Span??>

  /// The places of a photo's tags in a JSON text, read from its array: at most 16 (more is
  /// `Unusual`, left to the Codable path).
  struct TagSpans {
    var spans = InlineArray<16, JSONReader.Span>(repeating: JSONReader.Span(start: 0, end: 0, escaped: false))
    var count = 0

    init(reading reader: inout JSONReader) throws(JSONReader.Unusual) {
      try reader.enterArray()
      while try reader.nextElement() {
        guard count < spans.count else { throw JSONReader.Unusual() }
        spans[count] = try reader.stringSpan()
        count += 1
      }
    }
  }

  /// The texts read straight off a JSON text (replay's fast path): each member's UTF-8 is
  /// copied from the line once, into a buffer of exactly its size, with no `String` in between.
  /// `texts` and `tags` are where `Photo`'s reader found them in `text`. `Unusual` where
  /// `Photo.init(from:)` would not take the members as they are (a required text absent or
  /// null) or where copying is not enough (an escaped text): the Codable path then decodes
  /// the photo, or names the problem.
  init(reading text: UnsafeRawBufferPointer, texts: Spans, tags: TagSpans) throws(JSONReader.Unusual) {
    var size = 1
    for i in 0..<texts.count {
      if case .some(.some(let span)) = texts[i] {
        guard !span.escaped else { throw JSONReader.Unusual() }
        size += Self.varintSize(Int(span.end - span.start) + 1) + Int(span.end - span.start)
      } else {
        guard Field(rawValue: i)!.isOptional else { throw JSONReader.Unusual() }
        size += 1
      }
    }
    for k in 0..<tags.count {
      let span = tags.spans[k]
      guard !span.escaped else { throw JSONReader.Unusual() }
      size += Self.varintSize(Int(span.end - span.start) + 1) + Int(span.end - span.start)
    }
    bytes = [UInt8](unsafeUninitializedCapacity: size) { out, written in
      var at = 0
      func put(_ span: JSONReader.Span) {
        let length = Int(span.end - span.start)
        at += Self.writeVarint(UInt64(length + 1), to: out.baseAddress! + at)
        if length > 0 { memcpy(out.baseAddress! + at, text.baseAddress! + Int(span.start), length) }
        at += length
      }
      for i in 0..<texts.count {
        if case .some(.some(let span)) = texts[i] {
          put(span)
        } else {
          out[at] = 0
          at += 1
        }
      }
      out[at] = UInt8(tags.count)
      at += 1
      for k in 0..<tags.count { put(tags.spans[k]) }
      written = at
    }
  }

  /// The bytes `appendVarint` writes for `value`.
  private static func varintSize(_ value: Int) -> Int {
    var n = 1
    var v = value
    while v >= 0x80 {
      v >>= 7
      n += 1
    }
    return n
  }

  /// `appendVarint` into memory sized for it; returns the bytes written.
  private static func writeVarint(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
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

extension PhotoTexts.Field {
  /// Whether a photo may lack this text (its member absent or null).
  var isOptional: Bool {
    switch self {
    case .authorURL, .originalURL, .averageColor, .alt: true
    case .key, .providerID, .author, .pageURL, .thumbnailURL, .largeURL: false
    }
  }
}
