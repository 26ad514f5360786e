import Foundation

/// Writes `JSONValue` as compact JSON with sorted object keys, so equal values give equal bytes.
///
/// It runs on every answer, notification and log line, so it writes bytes in runs: a string
/// with nothing to escape is copied whole, an object's members are sorted once as pairs (no
/// lookup per key), and whole numbers are written digit by digit without a `String`.
public enum JSONWriter {
  /// The bytes of `value`.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    JSONOutput.bytes { write(value, to: &$0) }
  }

  /// Appends `text`, JSON already (a message's fixed parts: `{"seq":`), as its bytes: a
  /// static string's bytes are copied whole, with no walk of a string's UTF-8 view.
  @inlinable @inline(__always)
  public static func raw(_ text: StaticString, to out: inout JSONOutput) {
    out.append(text)
  }

  /// Appends the bytes of `value` to `out`.
  public static func write(_ value: JSONValue, to out: inout JSONOutput) {
    switch value {
    case .null: out.append("null")
    case .bool(let b):
      if b {
        out.append("true")
      } else {
        out.append("false")
      }
    case .number(let n): writeNumber(n, to: &out)
    case .integer(let i): writeInteger(i, to: &out)
    case .string(let s): writeString(s, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      var first = true
      for item in items {
        if !first { out.append(UInt8(ascii: ",")) }
        first = false
        write(item, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      if members.count == 1, let (key, member) = members.first {
        writeMember(key, member, to: &out)
      } else {
        var first = true
        for (key, member) in members.sorted(by: { $0.key < $1.key }) {
          if !first { out.append(UInt8(ascii: ",")) }
          first = false
          writeMember(key, member, to: &out)
        }
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func writeMember(_ key: String, _ value: JSONValue, to out: inout JSONOutput) {
    writeString(key, to: &out)
    out.append(UInt8(ascii: ":"))
    write(value, to: &out)
  }

  /// Integral values in the exactly representable range print without a fraction.
  public static func writeNumber(_ n: Double, to out: inout JSONOutput) {
    if n.rounded() == n, abs(n) < 9_007_199_254_740_992 {
      writeInteger(Int64(n), to: &out)
    } else if n.isFinite {
      out.append(contentsOf: "\(n)")
    } else {
      out.append("null")
    }
  }

  /// A whole number in decimal, as `String(i)` spells it.
  public static func writeInteger(_ i: Int64, to out: inout JSONOutput) {
    // The magnitude as unsigned, so Int64.min has one too.
    let magnitude = i.magnitude
    // A sign and 19 digits at most, written where they go.
    out.write(upTo: 20) { p in
      let sign = i < 0 ? 1 : 0
      p[0] = UInt8(ascii: "-")
      // How many digits: 10^19 still fits, and the magnitude is at most 2^63 < 10^19.
      var count = 1
      var next: UInt64 = 10
      while count < 19, magnitude >= next {
        count &+= 1
        next &*= 10
      }
      // The digits two at a time from the last, each pair copied from the table.
      let table = digitPairs.utf8Start
      var rest = magnitude
      var k = sign &+ count
      while rest >= 100 {
        let pair = Int(truncatingIfNeeded: rest % 100) &* 2
        rest /= 100
        k &-= 2
        p[k] = table[pair]
        p[k &+ 1] = table[pair &+ 1]
      }
      if rest >= 10 {
        let pair = Int(truncatingIfNeeded: rest) &* 2
        p[k &- 2] = table[pair]
        p[k &- 1] = table[pair &+ 1]
      } else {
        p[k &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
      }
      return sign &+ count
    }
  }

  /// `[a,b,…]`, each a whole number as `writeInteger` spells it, the digits laid out in one
  /// buffer sized for them all and appended once (a search's 60,000 album ids: a call and an
  /// append per number cost ten times the digits). Returns false, writing nothing, for a list
  /// holding ±2^53: as a value's number that is a `Double` `writeNumber` spells otherwise.
  @discardableResult
  public static func writeIntegers(_ list: [Int], to out: inout JSONOutput) -> Bool {
    var spelled = true
    // Written where they go, kept only when every number could be spelled.
    out.write(upTo: 2 + list.count * 21) { p in
      var at = 0
      p[at] = UInt8(ascii: "[")
      at += 1
      do {
        let pairs = digitPairs.utf8Start
        list.withUnsafeBufferPointer { list in
          // The digits of the last number, and the range of numbers with as many.
          var (count, low, high) = (1, UInt64(0), UInt64(10))
          for i in 0..<list.count {
            let n = list[i]
            if i > 0 {
              p[at] = UInt8(ascii: ",")
              at += 1
            }
            if n < 0 {
              p[at] = UInt8(ascii: "-")
              at += 1
            }
            var rest = UInt64(n.magnitude)
            if rest == 1 << 53 {
              spelled = false
              break
            }
            // Sorted ids share their length with the last one: counted again only when not.
            if rest < low || rest >= high { (count, low, high) = digitRange(rest) }
            // The digits, two at a time from the last, each pair where it goes.
            var k = at + count
            while rest >= 100 {
              let pair = Int(rest % 100) &* 2
              rest /= 100
              k -= 2
              p[k] = pairs[pair]
              p[k + 1] = pairs[pair + 1]
            }
            if rest >= 10 {
              let pair = Int(rest) &* 2
              p[k - 2] = pairs[pair]
              p[k - 1] = pairs[pair + 1]
            } else {
              p[k - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
            }
            at += count
          }
        }
      }
      p[at] = UInt8(ascii: "]")
      return spelled ? at + 1 : 0
    }
    return spelled
  }

  /// "00" to "99", each pair of digits at twice its value: a constant of the binary.
  private static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// How many decimal digits `n` has, and the range of the numbers with as many (the last,
  /// twenty digits, reaching `UInt64.max`).
  private static func digitRange(_ n: UInt64) -> (count: Int, low: UInt64, high: UInt64) {
    var count = 1
    var low: UInt64 = 0
    var high: UInt64 = 10
    while count < 20, n >= high {
      count += 1
      low = high
      high = count == 20 ? .max : high &* 10
    }
    return (count, low, high)
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// A JSON string literal: escapes quotes, backslashes and control characters only, each in
  /// JSON's shortest form (`\n`, `\b`, …; `\u00XX` for the control bytes with no short one).
  public static func writeString(_ s: String, to out: inout JSONOutput) {
    var s = s
    s.withUTF8 { bytes in
      // Most strings need no escape (found eight bytes at a time): quotes and all in one step.
      let plain = plainPrefix(bytes)
      if plain == bytes.count {
        out.write(upTo: bytes.count + 2) { p in
          p[0] = UInt8(ascii: "\"")
          if let start = bytes.baseAddress { (p + 1).update(from: start, count: bytes.count) }
          p[bytes.count + 1] = UInt8(ascii: "\"")
          return bytes.count + 2
        }
      } else {
        out.append(UInt8(ascii: "\""))
        writeEscaped(bytes, from: plain, to: &out)
        out.append(UInt8(ascii: "\""))
      }
    }
  }

  /// The bytes of a string's content, escaped, the first `plain` of them needing none: each
  /// run that needs no escape is copied whole.
  private static func writeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, from plain: Int, to out: inout JSONOutput
  ) {
    var runStart = 0
    for i in plain..<bytes.count {
      let b = bytes[i]
      guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
      if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
      runStart = i + 1
      switch b {
      case UInt8(ascii: "\""): out.append(#"\""#)
      case UInt8(ascii: "\\"): out.append(#"\\"#)
      case 0x0A: out.append(#"\n"#)
      case 0x0D: out.append(#"\r"#)
      case 0x09: out.append(#"\t"#)
      // JSON's two-byte escapes wherever it has one: a string read and written again (the MCP
      // face, the web bridge) never grows past what its sender wrote.
      case 0x08: out.append(#"\b"#)
      case 0x0C: out.append(#"\f"#)
      default:
        out.append(#"\u00"#)
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0xF)])
      }
    }
    if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
  }

  /// How many bytes from the start need no escape (none is a control byte, a quote or a
  /// backslash), checked a word at a time: a byte is found by the classic test for a zero
  /// byte, `(x - 0x01…) & ~x & 0x80…`, on the word XORed with the sought byte (which then
  /// becomes zero), and its form for bytes below a bound, `(x - 0x20…) & ~x & 0x80…`.
  static func plainPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func plain(_ w: UInt64) -> Bool {
      let quote = w ^ (ones &* 0x22)
      let backslash = w ^ (ones &* 0x5C)
      // Below 0x20: subtracting 0x20 from such a byte borrows into its high bit (a byte of
      // 0x80 or more has it set already, and is masked out by `~w`).
      let special =
        ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
      return special & highs == 0
    }
    var k = 0
    if let base = bytes.baseAddress {
      while k + 8 <= bytes.count {
        guard plain(UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)) else { break }
        k += 8
      }
      // The last few bytes of a text of eight or more: its last eight at once (some seen again).
      if k < bytes.count, k + 8 > bytes.count, bytes.count >= 8,
        plain(UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self))
      {
        return bytes.count
      }
    }
    while k < bytes.count {
      let b = bytes[k]
      if b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { break }
      k += 1
    }
    return k
  }
}

extension JSONValue {
  /// The member `key` of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
