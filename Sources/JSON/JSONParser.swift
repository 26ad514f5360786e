import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses JSON text into `JSONValue`, strictly (RFC 8259), reporting the byte offset of the
/// first error. Used for everything that arrives over the wire.
public enum JSONParser {
  /// Why a text is not JSON.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "\(reason) at byte \(offset)" }

    public init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }
  }

  /// Parses one complete JSON value (surrounding whitespace allowed).
  public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    try parse(bytes, in: 0..<bytes.count, depth: 0)
  }

  /// The one value at `range` of `bytes`, nested `depth` deep in its text (it counts toward
  /// the bound).
  private static func parse(_ bytes: [UInt8], in range: Range<Int>, depth: Int) throws(Failure) -> JSONValue {
    let result: Result<JSONValue, Failure> = bytes.withUnsafeBytes { raw in
      var s = JSONScanner(UnsafeRawBufferPointer(rebasing: raw[..<range.upperBound]), index: range.lowerBound)
      do {
        let value = try parseValue(&s, depth: depth)
        s.skipWhitespace()
        guard s.atEnd else {
          return .failure(Failure(offset: s.index, reason: "unexpected bytes after the JSON value"))
        }
        return .success(value)
      } catch let e as JSONScanner.Failure {
        return .failure(Failure(offset: e.offset, reason: e.reason))
      } catch {
        return .failure(Failure(offset: s.index, reason: "\(error)"))
      }
    }
    return try result.get()
  }

  /// Parses UTF-8 text.
  public static func parse(_ text: String) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

  /// Where the members `names` of the one JSON object `bytes` holds stand in it (a repeated
  /// key: the last counts, as `parse` takes it), with nothing made of them: a message's envelope is read this
  /// way, each member then read from its text as it is needed (`parse(_:in:)`). Nil when the
  /// text is anything but one valid object (then `parse` says why): every member, named or
  /// not, is checked exactly as `parse` checks it.
  /// Inlinable: a generic function across modules runs unspecialised, asking the runtime for
  /// its types' metadata on every call.
  @inlinable
  public static func memberTexts<let N: Int>(_ names: InlineArray<N, StaticString>, of bytes: [UInt8])
    -> InlineArray<N, Range<Int>?>?
  {
    bytes.withUnsafeBytes { raw -> InlineArray<N, Range<Int>?>? in
      var s = JSONScanner(raw)
      // Inline: a message's envelope is read with no allocation of its own.
      var found = InlineArray<N, Range<Int>?>(repeating: nil)
      do {
        s.skipWhitespace()
        guard s.consume(UInt8(ascii: "{")) else { return nil }
        if !s.consume(UInt8(ascii: "}")) {
          repeat {
            // A key is told apart by its bytes (no string is made for it), an escaped one by
            // its text.
            let (content, escaped) = try s.scanString()
            var i: Int? = nil
            if escaped {
              let key = try s.text(of: content, escaped: true)
              for n in names.indices where names[n].description == key {
                i = n
                break
              }
            } else {
              let key = UnsafeRawBufferPointer(rebasing: raw[content])
              for n in names.indices
              where names[n].utf8CodeUnitCount == key.count
                && (key.isEmpty || memcmp(names[n].utf8Start, key.baseAddress!, key.count) == 0)
              {
                i = n
                break
              }
            }
            try s.expect(UInt8(ascii: ":"), "':' after an object key")
            s.skipWhitespace()
            let start = s.index
            try checkValue(&s, depth: 1)
            if let i { found[i] = start..<s.index }
          } while s.consume(UInt8(ascii: ","))
          try s.expect(UInt8(ascii: "}"), "',' or '}' in an object")
        }
        s.skipWhitespace()
        return s.atEnd ? found : nil
      } catch {
        return nil
      }
    }
  }

  /// The value whose text stands at `range` of `bytes` (one member's value, as `memberTexts`
  /// found it).
  public static func parse(_ bytes: [UInt8], in range: Range<Int>) throws(Failure) -> JSONValue {
    try parse(bytes, in: range, depth: 1)
  }

  /// A number of at most 15 digits with no fraction or exponent (ids, counts, versions:
  /// most numbers on the wire), read without making a `String`; nil for any other number.
  /// Such a value is exact as a `Double`, so this gives what `Double(text)` would.
  private static func smallInteger(_ token: Slice<UnsafeRawBufferPointer>) -> Int64? {
    var i = token.startIndex
    let negative = i < token.endIndex && token[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    let digits = token.endIndex - i
    guard digits > 0, digits <= 15 else { return nil }
    var value: Int64 = 0
    while i < token.endIndex {
      let d = token[i] &- UInt8(ascii: "0")
      guard d < 10 else { return nil }
      value = value * 10 + Int64(d)
      i += 1
    }
    // "-0" is left to `Double`, which keeps its sign.
    if negative { return value == 0 ? nil : -value }
    return value
  }

  /// The first byte of the value at the read position (after whitespace), `depth` deep:
  /// where `parseValue` and `checkValue` both start, with the same two refusals.
  @usableFromInline @inline(__always)
  static func valueStart(_ s: inout JSONScanner, depth: Int) throws -> UInt8 {
    guard depth < 256 else { throw JSONScanner.Failure(offset: s.index, reason: "nesting deeper than 256") }
    s.skipWhitespace()
    guard let b = s.peek else {
      throw JSONScanner.Failure(offset: s.index, reason: "unexpected end of input")
    }
    return b
  }

  private static func parseValue(_ s: inout JSONScanner, depth: Int) throws -> JSONValue {
    let b = try valueStart(&s, depth: depth)
    switch b {
    case UInt8(ascii: "{"):
      s.index += 1
      var object: [String: JSONValue] = [:]
      if s.consume(UInt8(ascii: "}")) { return .object(object) }
      repeat {
        let key = try s.readString()
        try s.expect(UInt8(ascii: ":"), "':' after an object key")
        let value = try parseValue(&s, depth: depth + 1)
        // A repeated key: the last one counts, as in `JSONTapeDecoder`, jq and Python's json
        // (two readers of one text must never disagree on what it says).
        object[key] = value
      } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "}"), "',' or '}' in an object")
      return .object(object)
    case UInt8(ascii: "["):
      s.index += 1
      var array: [JSONValue] = []
      if s.consume(UInt8(ascii: "]")) { return .array(array) }
      repeat { array.append(try parseValue(&s, depth: depth + 1)) } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "]"), "',' or ']' in an array")
      return .array(array)
    case UInt8(ascii: "\""):
      return .string(try s.readString())
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      let start = s.index
      try s.skipValue()
      switch s.index - start {
      case 4: return b == UInt8(ascii: "t") ? .bool(true) : .null
      default: return .bool(false)
      }
    default:
      return try number(&s)
    }
  }

  /// Walks one value as `parseValue` reads it, with every check it makes (nesting, strings,
  /// numbers in range), but makes nothing of it: a text checked this way parses.
  @usableFromInline
  static func checkValue(_ s: inout JSONScanner, depth: Int) throws {
    let b = try valueStart(&s, depth: depth)
    switch b {
    case UInt8(ascii: "{"):
      s.index += 1
      if s.consume(UInt8(ascii: "}")) { return }
      repeat {
        s.skipWhitespace()
        _ = try s.scanString()
        try s.expect(UInt8(ascii: ":"), "':' after an object key")
        try checkValue(&s, depth: depth + 1)
      } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "}"), "',' or '}' in an object")
    case UInt8(ascii: "["):
      s.index += 1
      if s.consume(UInt8(ascii: "]")) { return }
      repeat { try checkValue(&s, depth: depth + 1) } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "]"), "',' or ']' in an array")
    case UInt8(ascii: "\""):
      _ = try s.scanString()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      try s.skipValue()
    default:
      _ = try number(&s)
    }
  }

  /// A number, read as `parseValue` reads it (out of range: a failure).
  private static func number(_ s: inout JSONScanner) throws -> JSONValue {
    let start = s.index
    try s.skipValue()
    if let whole = smallInteger(s.bytes[start..<s.index]) { return .number(Double(whole)) }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: s.bytes[start..<s.index]), as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      throw JSONScanner.Failure(offset: start, reason: "number out of range")
    }
    // Past 2^53 a Double rounds: a whole number that Int64 holds is kept as one, exact when
    // written as an integer (the same value every decoder reading it as Int64 finds).
    // An integer written past Int64 stays a (rounded) number: never the nearest Int64.
    let plainInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    if abs(number) >= 9_007_199_254_740_992,
      let exact = Int64(text) ?? (plainInteger ? nil : Int64(exactly: number))
    {
      return .integer(exact)
    }
    return .number(number)
  }
}
