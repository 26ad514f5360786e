import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where each member of a params object stands in its text: its name's bytes and its value's,
/// read in one pass with no string or value made. Only the usual object takes this form: at
/// most `capacity` members, none with an escaped name (anything else is parsed by `Params`).
/// A repeated name: the last counts, as the parser reads it.
///
/// Inline, owned by the `Params` that reads it; bound: `capacity` members (the most a method
/// takes but `settings/update`, whose params are parsed).
struct MemberSpans {
  static let capacity = 4
  /// Each member's name and value as byte offsets into the message (`[start, end)`), four
  /// bytes each: a `Params` holding this is copied as the request is read.
  private var spans = InlineArray<4, (name: Span, value: Span)>(repeating: (Span(0..<0), Span(0..<0)))
  private var count = 0

  private struct Span {
    var start: UInt32
    var end: UInt32
    init(_ range: Range<Int>) {
      start = UInt32(truncatingIfNeeded: range.lowerBound)
      end = UInt32(truncatingIfNeeded: range.upperBound)
    }
    var range: Range<Int> { Int(start)..<Int(end) }
    var count: Int { Int(end - start) }
  }

  private func name(_ k: Int) -> Range<Int> { spans[k].name.range }
  private func value(_ k: Int) -> Range<Int> { spans[k].value.range }

  /// The members of the object at `range` of `bytes` (a text checked as `JSONParser.parse`
  /// checks one); nil when it is not an object of the usual form.
  init?(_ bytes: [UInt8], _ range: Range<Int>) {
    // Offsets are kept in four bytes (a message is far smaller; a larger one is parsed).
    guard !range.isEmpty, bytes.count <= Int(UInt32.max), bytes[range.lowerBound] == UInt8(ascii: "{") else {
      return nil
    }
    var spans = MemberSpans()
    let usual = bytes.withUnsafeBytes { raw -> Bool in
      var s = JSONScanner(raw, index: range.lowerBound + 1)
      do {
        if s.consume(UInt8(ascii: "}")) { return true }
        repeat {
          s.skipWhitespace()
          let (name, escaped) = try s.scanString()
          guard !escaped else { return false }
          try s.expect(UInt8(ascii: ":"), "':' after an object key")
          s.skipWhitespace()
          let start = s.index
          try s.skipValue()
          if let k = spans.index(of: UnsafeRawBufferPointer(rebasing: raw[name]), in: raw) {
            spans.spans[k].value = Span(start..<s.index)
          } else {
            guard spans.count < Self.capacity else { return false }
            spans.spans[spans.count] = (Span(name), Span(start..<s.index))
            spans.count += 1
          }
        } while s.consume(UInt8(ascii: ","))
        return true
      } catch {
        return false
      }
    }
    guard usual else { return nil }
    self = spans
  }

  private init() {}

  /// The member whose name's bytes are `name` (nil: none).
  private func index(of name: UnsafeRawBufferPointer, in raw: UnsafeRawBufferPointer) -> Int? {
    for k in 0..<count where spans[k].name.count == name.count {
      if name.isEmpty
        || memcmp(raw.baseAddress! + Int(spans[k].name.start), name.baseAddress!, name.count) == 0
      {
        return k
      }
    }
    return nil
  }

  /// The member named `name`, by its bytes.
  private func index(of name: String, in bytes: [UInt8]) -> Int? {
    var name = name
    return name.withUTF8 { name in bytes.withUnsafeBytes { index(of: UnsafeRawBufferPointer(name), in: $0) } }
  }

  /// The value of `name`, parsed (nil: absent).
  func value(of name: String, in bytes: [UInt8]) -> JSONValue? {
    guard let k = index(of: name, in: bytes) else { return nil }
    // Checked with the whole message, so it parses.
    return try? JSONParser.parse(Array(bytes[value(k)]))
  }

  /// The value of `name` when it is a string with no escape, made straight from its bytes
  /// (checked UTF-8); nil for anything else, which `value(of:in:)` then reads.
  func plainString(_ name: String, in bytes: [UInt8]) -> String? {
    guard let k = index(of: name, in: bytes) else { return nil }
    let value = value(k)
    guard value.count >= 2, bytes[value.lowerBound] == UInt8(ascii: "\"") else { return nil }
    let content = (value.lowerBound + 1)..<(value.upperBound - 1)
    return bytes.withUnsafeBytes { raw -> String? in
      let text = UnsafeRawBufferPointer(rebasing: raw[content])
      guard text.isEmpty || memchr(text.baseAddress!, Int32(UInt8(ascii: "\\")), text.count) == nil else {
        return nil
      }
      return String(decoding: text, as: UTF8.self)
    }
  }

  /// The first name, in sorted order, that `allowed` does not hold (nil: none): the one an
  /// error names, as for parsed params.
  func firstUnknown(in bytes: [UInt8], allowed: [String]) -> String? {
    var unknown: [String] = []
    for k in 0..<count {
      let known = allowed.contains { name in
        var name = name
        return name.withUTF8 { name in
          bytes.withUnsafeBytes { raw in
            name.count == spans[k].name.count
              && (name.isEmpty
                || memcmp(raw.baseAddress! + Int(spans[k].name.start), name.baseAddress!, name.count) == 0)
          }
        }
      }
      if !known { unknown.append(String(decoding: bytes[name(k)], as: UTF8.self)) }
    }
    return unknown.min()
  }

  /// The members as one object (each value parsed).
  func object(in bytes: [UInt8]) -> JSONValue {
    var members: [String: JSONValue] = [:]
    for k in 0..<count {
      members[String(decoding: bytes[name(k)], as: UTF8.self)] =
        (try? JSONParser.parse(Array(bytes[value(k)]))) ?? .null
    }
    return .object(members)
  }
}
