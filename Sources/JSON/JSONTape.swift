#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A JSON text checked once and laid out as a flat list of tokens, in document order, each
/// pointing back into the text: what `JSONTapeDecoder` reads typed values from, without
/// building a `JSONValue` tree (no dictionary, no string for a key nobody asks for).
public final class JSONTape: Sendable {
  /// What a token is.
  public enum Kind: UInt8, Sendable { case object, array, string, number, yes, no, null }

  /// One value (or object key). Containers are followed by their members (key token, then
  /// the value's tokens) or elements.
  public struct Token: Sendable {
    public var kind: Kind
    /// A string with escapes (its text needs decoding).
    public var escaped = false
    /// Members of an object, elements of an array.
    public var count: Int32 = 0
    /// Strings and numbers: the byte range of the content (strings without quotes).
    /// Containers: the offset of the opening bracket (where a `JSONReadable` starts reading).
    public var start: Int32 = 0
    /// Strings and numbers: the end of that range. Containers: the index of the first
    /// token after the container, so a whole subtree is skipped in one step.
    public var end: Int32 = 0
  }

  public let bytes: [UInt8]
  public let tokens: [Token]

  /// Scans `bytes` as one complete JSON value (RFC 8259, as strictly as `JSONParser`).
  public init(_ bytes: [UInt8]) throws(JSONParser.Failure) {
    guard bytes.count < Int(Int32.max) else {
      throw JSONParser.Failure(offset: 0, reason: "text longer than 2 GiB")
    }
    var tokens: [Token] = []
    tokens.reserveCapacity(bytes.count / 8 + 4)
    let failure: JSONScanner.Failure? = bytes.withUnsafeBytes { raw in
      var s = JSONScanner(raw)
      do throws(JSONScanner.Failure) {
        try Self.scanValue(&s, into: &tokens, depth: 0)
        s.skipWhitespace()
        guard s.atEnd else { throw s.fail("unexpected bytes after the JSON value") }
        return nil
      } catch {
        return error
      }
    }
    if let failure { throw JSONParser.Failure(offset: failure.offset, reason: failure.reason) }
    self.bytes = bytes
    self.tokens = tokens
  }

  private static func scanValue(_ s: inout JSONScanner, into tokens: inout [Token], depth: Int)
    throws(JSONScanner.Failure)
  {
    guard depth < 256 else { throw s.fail("nesting deeper than 256") }
    s.skipWhitespace()
    guard let b = s.peek else { throw s.fail("unexpected end of input") }
    switch b {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = b == UInt8(ascii: "{")
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      let at = tokens.count
      tokens.append(Token(kind: isObject ? .object : .array, start: Int32(s.index)))
      s.index += 1
      var count: Int32 = 0
      if !s.consume(close) {
        repeat {
          if isObject {
            s.skipWhitespace()
            guard s.peek == UInt8(ascii: "\"") else { throw s.fail("expected an object key") }
            try scanString(&s, into: &tokens)
            try s.expect(UInt8(ascii: ":"), "':' after an object key")
          }
          try scanValue(&s, into: &tokens, depth: depth + 1)
          count += 1
        } while s.consume(UInt8(ascii: ","))
        try s.expect(close, isObject ? "',' or '}' in an object" : "',' or ']' in an array")
      }
      tokens[at].count = count
      tokens[at].end = Int32(tokens.count)
    case UInt8(ascii: "\""):
      try scanString(&s, into: &tokens)
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let first = try s.scanLiteral()
      tokens.append(
        Token(kind: first == UInt8(ascii: "t") ? .yes : first == UInt8(ascii: "f") ? .no : .null))
    default:
      let range = try s.scanNumber()
      tokens.append(Token(kind: .number, start: Int32(range.lowerBound), end: Int32(range.upperBound)))
    }
  }

  private static func scanString(_ s: inout JSONScanner, into tokens: inout [Token]) throws(JSONScanner
    .Failure)
  {
    let (content, escaped) = try s.scanString()
    tokens.append(
      Token(
        kind: .string, escaped: escaped, start: Int32(content.lowerBound), end: Int32(content.upperBound)))
  }

  /// The index of the token after the value at `i` (and all it contains).
  @inline(__always)
  public func after(_ i: Int) -> Int {
    let t = tokens[i]
    return t.kind == .object || t.kind == .array ? Int(t.end) : i + 1
  }

  /// Past this many members an object's keyed container indexes them (`memberIndex`).
  static let indexedMembers = 32

  /// Every member of the object at `object`, by name, to its value token (the last of a
  /// name given twice, as `member` finds it): one pass over the object.
  func memberIndex(of object: Int) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(Int(tokens[object].count))
    var i = object + 1
    for _ in 0..<tokens[object].count {
      let name = text(at: i)
      index[name] = i + 1
      i = after(i + 1)
    }
    return index
  }

  /// The value token of the member named `name` (UTF-8) in the object at `object`: the last
  /// of a name given twice (as jq and Python's json take it, and `JSONParser`). `unique`: the
  /// object is one this build wrote (declared defaults), so the first found is the only one.
  func member(_ name: UnsafeBufferPointer<UInt8>, in object: Int, unique: Bool = false) -> Int? {
    var i = object + 1
    var found: Int?
    for _ in 0..<tokens[object].count {
      let key = tokens[i]
      if key.escaped {
        if text(at: i) == String(decoding: name, as: UTF8.self) {
          found = i + 1
          if unique { break }
        }
      } else if Int(key.end - key.start) == name.count {
        let same = bytes.withUnsafeBufferPointer { raw in
          name.isEmpty || memcmp(raw.baseAddress! + Int(key.start), name.baseAddress!, name.count) == 0
        }
        if same {
          found = i + 1
          if unique { break }
        }
      }
      i = after(i + 1)
    }
    return found
  }

  /// The value token of the member named `name` in the object at `object` (see above).
  func member(_ name: String, in object: Int, unique: Bool = false) -> Int? {
    var name = name
    return name.withUTF8 { member($0, in: object, unique: unique) }
  }

  /// The text of the string token at `i`.
  public func text(at i: Int) -> String {
    let t = tokens[i]
    return bytes.withUnsafeBytes { raw in
      let s = JSONScanner(raw)
      // The scan checked the string, so reading it again cannot fail.
      return (try? s.text(of: Int(t.start)..<Int(t.end), escaped: t.escaped)) ?? ""
    }
  }

  /// The source text of a number token.
  func numberText(at i: Int) -> String {
    let t = tokens[i]
    return bytes.withUnsafeBytes { String(decoding: $0[Int(t.start)..<Int(t.end)], as: UTF8.self) }
  }

  /// The number token at `i` as an integer of type `I`, if it is one exactly.
  public func integer<I: FixedWidthInteger>(at i: Int, as type: I.Type) -> I? {
    let t = tokens[i]
    guard t.kind == .number else { return nil }
    let length = Int(t.end - t.start)
    let fast: Int? = bytes.withUnsafeBufferPointer { raw in
      var k = Int(t.start)
      let negative = raw[k] == UInt8(ascii: "-")
      if negative { k += 1 }
      guard Int(t.end) - k <= 18 else { return nil }
      var v = 0
      while k < Int(t.end) {
        let d = raw[k] &- 0x30
        guard d < 10 else { return nil }
        v = v * 10 + Int(d)
        k += 1
      }
      return negative ? -v : v
    }
    if let fast { return I(exactly: fast) }
    let text = numberText(at: i)
    if length <= 40, let exact = I(text) { return exact }
    guard let d = Double(text) else { return nil }
    return I(exactly: d)
  }

  /// The number token at `i` as a Double.
  public func double(at i: Int) -> Double? {
    guard tokens[i].kind == .number, let d = Double(numberText(at: i)), d.isFinite else { return nil }
    return d
  }

  /// A short description of the value at `i`, for error messages.
  func describe(_ i: Int) -> String {
    switch tokens[i].kind {
    case .object: return "an object"
    case .array: return "an array"
    case .string:
      let s = text(at: i)
      return "string \(String(reflecting: s.count > 40 ? String(s.prefix(40)) + "…" : s))"
    case .number: return "number \(numberText(at: i))"
    case .yes: return "true"
    case .no: return "false"
    case .null: return "null"
    }
  }

  /// The coding path from the root to the value at `target`, built only when asked for
  /// (errors), so decoding allocates no path per value.
  func path(to target: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var i = 0
    descend: while i != target {
      let t = tokens[i]
      guard t.kind == .object || t.kind == .array else { break }
      var child = i + 1
      for n in 0..<Int(t.count) {
        let value = t.kind == .object ? child + 1 : child
        let next = after(value)
        if target < next {
          path.append(t.kind == .object ? TapePathKey(text(at: child)) : TapePathKey(n))
          i = value
          continue descend
        }
        child = next
      }
      break
    }
    return path
  }
}

/// A key of a path `JSONTape.path(to:)` rebuilt: a member name or an array index.
struct TapePathKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ name: String) { stringValue = name }
  init(_ index: Int) {
    stringValue = String(index)
    intValue = index
  }
  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(intValue) }
}
