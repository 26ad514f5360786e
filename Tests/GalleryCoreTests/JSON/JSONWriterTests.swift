import Foundation
import XCTest

@testable import GalleryCore
@testable import JSON

/// `JSONWriter` writes every answer, notification and log line, and equal values must keep
/// giving equal bytes: its fast paths (runs copied whole, members sorted as pairs, digits
/// written in place) are checked against the plain writer they replaced, and the parser's
/// integer path against `Double(text)`.
final class JSONWriterTests: XCTestCase {
  /// The writer as it was before its fast paths: the reference for the bytes.
  private func reference(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n):
      if n.rounded() == n, abs(n) < 9_007_199_254_740_992 { return String(Int64(n)) }
      return n.isFinite ? "\(n)" : "null"
    case .integer(let i): return String(i)
    case .string(let s): return quoted(s)
    case .array(let items): return "[" + items.map(reference).joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.keys.sorted().map { quoted($0) + ":" + reference(members[$0]!) }
        .joined(separator: ",") + "}"
    }
  }

  /// A string literal, escaped byte by byte as the old writer did.
  private func quoted(_ s: String) -> String {
    var bytes: [UInt8] = [0x22]
    let hex = Array("0123456789abcdef".utf8)
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): bytes += [0x5C, 0x22]
      case UInt8(ascii: "\\"): bytes += [0x5C, 0x5C]
      case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
      case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
      case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
      case 0..<0x20: bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      default: bytes.append(b)
      }
    }
    bytes.append(0x22)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A seeded source, so a failure names the value that failed and happens again.
  private struct Draws {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  private func string(_ draws: inout Draws) -> String {
    let pieces = [
      "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{1}", "\u{1F}", "é", "日本", "🙂", "\u{7F}",
    ]
    return (0..<draws.below(12)).map { _ in pieces[draws.below(pieces.count)] }.joined()
  }

  private func value(_ draws: inout Draws, depth: Int) -> JSONValue {
    switch draws.below(depth > 3 ? 6 : 8) {
    case 0: return .null
    case 1: return .bool(draws.below(2) == 0)
    case 2:
      let n: [Double] = [
        0, -0.0, 1, -1, 42, 1.5, -2.25, 1e300, 9_007_199_254_740_991, -9_007_199_254_740_992, 0.1,
      ]
      return .number(n[draws.below(n.count)])
    case 3:
      let i: [Int64] = [.min, .max, 9_007_199_254_740_993, -9_007_199_254_740_993, 0, -1, 1_000_000]
      return .integer(i[draws.below(i.count)])
    case 4, 5: return .string(string(&draws))
    case 6: return .array((0..<draws.below(5)).map { _ in value(&draws, depth: depth + 1) })
    default:
      var members: [String: JSONValue] = [:]
      for _ in 0..<draws.below(6) { members[string(&draws)] = value(&draws, depth: depth + 1) }
      return .object(members)
    }
  }

  func testTheBytesAreTheReferenceWritersForTwoThousandValues() {
    var draws = Draws(state: 20_261_126)
    for n in 0..<2000 {
      let v = value(&draws, depth: 0)
      let written = String(decoding: JSONWriter.bytes(v), as: UTF8.self)
      XCTAssertEqual(written, reference(v), "value \(n): \(v)")
    }
  }

  func testNumbersAndStringsAtTheirEdges() {
    let cases: [(JSONValue, String)] = [
      (.integer(.min), "-9223372036854775808"), (.integer(.max), "9223372036854775807"),
      (.number(-0.0), "0"), (.number(-9_007_199_254_740_991), "-9007199254740991"),
      (.number(9_007_199_254_740_992), "9007199254740992.0"), (.number(.infinity), "null"),
      (.string("\u{0}\u{1F}\"\\é"), #""\u0000\u001f\"\\é""#),
      (.string("\u{8}\u{C}\n\r\t"), #""\b\f\n\r\t""#), (.string(""), #""""#),
      (.object(["b": .null, "a": .array([]), "é": .object([:])]), #"{"a":[],"b":null,"é":{}}"#),
    ]
    for (value, text) in cases {
      XCTAssertEqual(String(decoding: JSONWriter.bytes(value), as: UTF8.self), text)
    }
  }

  /// A whole number is spelled in place, two digits at a time: as `String(i)` spells it at every
  /// length, on both sides of each power of ten, and for seeded draws.
  func testIntegersAreSpelledAsStringSpellsThem() {
    var numbers: [Int64] = [0, 1, 9, 10, 99, 100, .min, .max, .min + 1, .max - 1]
    var power: Int64 = 1
    for _ in 0..<19 {
      numbers += [power - 1, power, power + 1, -power, -(power - 1), -(power + 1)]
      power = power.multipliedReportingOverflow(by: 10).partialValue
    }
    var draws = Draws(state: 58)
    for _ in 0..<2000 { numbers.append(Int64(bitPattern: draws.next()) >> draws.below(63)) }
    for n in numbers {
      let written = JSONOutput.bytes(capacity: 0) { JSONWriter.writeInteger(n, to: &$0) }
      XCTAssertEqual(String(decoding: written, as: UTF8.self), String(n))
    }
  }

  /// The parser reads short integers without a `String`: the same values `Double` reads,
  /// the sign of zero included; longer ones, fractions and exponents take the general path.
  func testParsedIntegersAreWhatDoubleReads() throws {
    let texts = [
      "0", "-0", "7", "-7", "123456789012345", "-123456789012345", "1234567890123456", "9007199254740993",
      "12.5", "1e3", "-1E-2", "100000000000000000000",
    ]
    for text in texts {
      let parsed = try JSONParser.parse(text)
      let expected = Double(text)!
      switch parsed {
      case .number(let n):
        XCTAssertEqual(n, expected, text)
        XCTAssertEqual(n.sign, expected.sign, "the sign of \(text)")
      case .integer(let i): XCTAssertEqual(String(i), text)
      default: XCTFail("\(text) parsed as \(parsed)")
      }
    }
    XCTAssertThrowsError(try JSONParser.parse("01"))
    XCTAssertThrowsError(try JSONParser.parse("-"))
  }

  /// A value that writes one key twice and its members out of order, as hand-written
  /// `encode(to:)` may: the last write of a key counts, and keys come out sorted.
  private struct Repeats: Encodable {
    enum Keys: String, CodingKey { case b, a, c }
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(1, forKey: .b)
      try c.encode("first", forKey: .a)
      var nested = c.nestedContainer(keyedBy: Keys.self, forKey: .c)
      try nested.encode(true, forKey: .a)
      try c.encode("last", forKey: .a)
      try c.encode(9_007_199_254_740_993, forKey: .b)
    }
  }

  func testBytesFromTheEncodersTreeAreTheWritersBytesOfItsValue() throws {
    let bytes = try JSONValueEncoder().encodeBytes(Repeats())
    XCTAssertEqual(
      String(decoding: bytes, as: UTF8.self), #"{"a":"last","b":9007199254740993,"c":{"a":true}}"#)
    XCTAssertEqual(bytes, JSONWriter.bytes(try JSONValueEncoder().encode(Repeats())))
  }

  /// The writer finds the first byte that needs an escape a word at a time: for every byte
  /// value at every place within and across the words (after plain ASCII or UTF-8), it stops
  /// exactly where a byte-by-byte reading stops, and the string is written as before.
  func testThePlainPrefixEndsAtTheFirstByteThatNeedsAnEscape() {
    func naive(_ bytes: [UInt8]) -> Int {
      bytes.firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? bytes.count
    }
    for fill in [UInt8(ascii: "a"), 0xC3, 0x7F, 0x21, 0x5B] {
      for before in 0..<19 {
        for after in [0, 1, 8, 9] {
          for b in 0...255 {
            let bytes =
              [UInt8](repeating: fill, count: before) + [UInt8(b)] + [UInt8](repeating: fill, count: after)
            let found = bytes.withUnsafeBufferPointer { JSONWriter.plainPrefix($0) }
            XCTAssertEqual(found, naive(bytes), "byte \(b) after \(before) of \(fill)")
          }
        }
      }
    }
    for text in ["", "plain ascii, longer than a word", "é😀 quote\" slash\\ tab\t nul\u{0} end", "\u{1F}"] {
      XCTAssertEqual(String(decoding: JSONWriter.bytes(.string(text)), as: UTF8.self), quoted(text))
    }
  }
}
