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
  /// The texts read straight off a tape (replay's fast path): each member's UTF-8 is copied
  /// from the line once, with no `String` in between. `values[field.rawValue]` is the value
  /// token of each field (-1: absent; later entries are ignored), `tags` that of the tags
  /// array. Nil where `Photo.init(from:)` would not accept the members (a required text absent
  /// or null, a text of another type, a tag that is not a string): the Codable path then
  /// names the problem.
  init?(tape: JSONTape, values: JSONTape.Members, tags: Int) {
    guard tags >= 0, tape.tokens[tags].kind == .array else { return nil }
    let tagCount = Int(tape.tokens[tags].count)
    var capacity = 2
    for field in Field.allCases where values[field.rawValue] >= 0 {
      let i = values[field.rawValue]
      capacity += Int(tape.tokens[i].end - tape.tokens[i].start) + 2
    }
    for k in 0..<tagCount {
      capacity += Int(tape.tokens[tags + 1 + k].end - tape.tokens[tags + 1 + k].start) + 2
    }
    var out: [UInt8] = []
    out.reserveCapacity(capacity)
    for field in Field.allCases {
      let i = values[field.rawValue]
      if i < 0 || tape.tokens[i].kind == .null {
        guard field.isOptional else { return nil }
        Self.appendVarint(0, to: &out)
      } else {
        guard Self.appendText(tape, i, to: &out) else { return nil }
      }
    }
    Self.appendVarint(UInt64(tagCount), to: &out)
    // Each element of an array of strings is one token, so the tags follow one another.
    for k in 0..<tagCount {
      guard Self.appendText(tape, tags + 1 + k, to: &out) else { return nil }
    }
    bytes = out
  }

  /// Appends the string token at `i` as a present field; false when it is not a string.
  private static func appendText(_ tape: JSONTape, _ i: Int, to out: inout [UInt8]) -> Bool {
    let t = tape.tokens[i]
    guard t.kind == .string else { return false }
    guard !t.escaped else {
      append(tape.text(at: i), to: &out)
      return true
    }
    appendVarint(UInt64(t.end - t.start) + 1, to: &out)
    tape.bytes.withUnsafeBufferPointer { out.append(contentsOf: $0[Int(t.start)..<Int(t.end)]) }
    return true
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
