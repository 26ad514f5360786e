import Foundation

/// Writes `JSONValue` as compact JSON with sorted object keys, so equal values give equal bytes.
///
/// It runs on every answer, notification and log line, so it writes bytes in runs: a string
/// with nothing to escape is copied whole, an object's members are sorted once as pairs (no
/// lookup per key), and whole numbers are written digit by digit without a `String`.
public enum JSONWriter {
  /// The bytes of `value`.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, to: &out)
    return out
  }

  /// Appends `text`, JSON already (a message's fixed parts: `{"seq":`), as its bytes: a
  /// static string's bytes are copied whole, with no walk of a string's UTF-8 view.
  @inline(__always)
  public static func raw(_ text: StaticString, to out: inout [UInt8]) {
    text.withUTF8Buffer { out.append(contentsOf: $0) }
  }

  /// Appends the bytes of `value` to `out`.
  public static func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C] as [UInt8])
    case .bool(let b):
      if b {
        out.append(contentsOf: [0x74, 0x72, 0x75, 0x65] as [UInt8])
      } else {
        out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65] as [UInt8])
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

  private static func writeMember(_ key: String, _ value: JSONValue, to out: inout [UInt8]) {
    writeString(key, to: &out)
    out.append(UInt8(ascii: ":"))
    write(value, to: &out)
  }

  /// Integral values in the exactly representable range print without a fraction.
  public static func writeNumber(_ n: Double, to out: inout [UInt8]) {
    if n.rounded() == n, abs(n) < 9_007_199_254_740_992 {
      writeInteger(Int64(n), to: &out)
    } else if n.isFinite {
      out.append(contentsOf: "\(n)".utf8)
    } else {
      out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C] as [UInt8])
    }
  }

  /// A whole number in decimal, as `String(i)` spells it.
  public static func writeInteger(_ i: Int64, to out: inout [UInt8]) {
    if i < 0 { out.append(UInt8(ascii: "-")) }
    // The magnitude as unsigned, so Int64.min has one too.
    var rest = i.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        count += 1
        buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  /// `[a,b,…]`, each a whole number as `writeInteger` spells it, the digits laid out in one
  /// buffer sized for them all and appended once (a search's 60,000 album ids: a call and an
  /// append per number cost ten times the digits). Returns false, writing nothing, for a list
  /// holding ±2^53: as a value's number that is a `Double` `writeNumber` spells otherwise.
  @discardableResult
  public static func writeIntegers(_ list: [Int], to out: inout [UInt8]) -> Bool {
    var spelled = true
    let text = [UInt8](unsafeUninitializedCapacity: 2 + list.count * 21) { buffer, written in
      let p = buffer.baseAddress!
      var at = 0
      p[at] = UInt8(ascii: "[")
      at += 1
      pairs.withUnsafeBufferPointer { pairs in
        let pairs = pairs.baseAddress!
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
      written = at + 1
    }
    guard spelled else { return false }
    out.append(contentsOf: text)
    return true
  }

  /// "00" to "99", each pair of digits at twice its value.
  private static let pairs: [UInt8] = (0..<100).flatMap {
    [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)]
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
  public static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var s = s
    s.withUTF8 { writeEscaped($0, to: &out) }
    out.append(UInt8(ascii: "\""))
  }

  /// The bytes of a string's content, escaped: each run that needs no escape is copied whole.
  private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    // Most strings need no escape: found eight bytes at a time, copied in one step.
    let plain = plainPrefix(bytes)
    if plain == bytes.count {
      out.append(contentsOf: bytes)
      return
    }
    var runStart = 0
    for i in plain..<bytes.count {
      let b = bytes[i]
      guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
      if runStart < i { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
      runStart = i + 1
      switch b {
      case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22] as [UInt8])
      case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C] as [UInt8])
      case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      // JSON's two-byte escapes wherever it has one: a string read and written again (the MCP
      // face, the web bridge) never grows past what its sender wrote.
      case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
      case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
      default:
        out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
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
    var k = 0
    if let base = bytes.baseAddress {
      while k + 8 <= bytes.count {
        let w = UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self)
        let quote = w ^ (ones &* 0x22)
        let backslash = w ^ (ones &* 0x5C)
        // Below 0x20: subtracting 0x20 from such a byte borrows into its high bit (a byte of
        // 0x80 or more has it set already, and is masked out by `~w`).
        let special =
          ((w &- ones &* 0x20) & ~w) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if special & highs != 0 { break }
        k += 8
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
