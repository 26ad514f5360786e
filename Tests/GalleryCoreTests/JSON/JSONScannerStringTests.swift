import XCTest

@testable import JSON

/// The string scanner skips plain bytes eight at a time and jumps straight to the first
/// special byte of a word (a quote, a backslash, a control byte, non-ASCII). At every position
/// within and across the words, it must stop exactly where a byte-by-byte reading stops.
final class JSONScannerStringTests: XCTestCase {
  private enum Outcome: Equatable {
    case string(Range<Int>, escaped: Bool)
    case failure(offset: Int, reason: String)
  }

  private func scan(_ text: [UInt8]) -> Outcome {
    text.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      do {
        let (content, escaped) = try scanner.scanString()
        return .string(content, escaped: escaped)
      } catch let failure as JSONScanner.Failure {
        return .failure(offset: failure.offset, reason: failure.reason)
      } catch {
        return .failure(offset: -1, reason: "\(error)")
      }
    }
  }

  func testEverySpecialByteIsFoundAtEveryPosition() {
    let specials: [(bytes: [UInt8], outcome: (_ at: Int, _ length: Int) -> Outcome)] = [
      // An escape: the string goes on past it and is marked escaped.
      ([0x5C, UInt8(ascii: "n")], { _, length in .string(1..<(1 + length), escaped: true) }),
      ([0xC3, 0xA9], { _, length in .string(1..<(1 + length), escaped: false) }),  // é
      ([0xF0, 0x9F, 0x99, 0x82], { _, length in .string(1..<(1 + length), escaped: false) }),  // 🙂
      ([0x01], { at, _ in .failure(offset: 1 + at, reason: "control character in string") }),
      ([0x1F], { at, _ in .failure(offset: 1 + at, reason: "control character in string") }),
      ([0xFF], { at, _ in .failure(offset: 1 + at, reason: "invalid UTF-8") }),
      ([0x80], { at, _ in .failure(offset: 1 + at, reason: "invalid UTF-8") }),
    ]
    for before in 0..<20 {
      for after in [0, 1, 7, 8, 9] {
        let head = [UInt8](repeating: UInt8(ascii: "a"), count: before)
        let tail = [UInt8](repeating: UInt8(ascii: "z"), count: after)
        // Nothing special: the closing quote, wherever it falls in a word.
        let plain = head + tail
        XCTAssertEqual(
          scan([0x22] + plain + [0x22, 0x2C, 0x20]), .string(1..<(1 + plain.count), escaped: false),
          "\(before) + \(after) plain bytes")
        for special in specials {
          let body = head + special.bytes + tail
          XCTAssertEqual(
            scan([0x22] + body + [0x22, 0x7D]), special.outcome(before, body.count),
            "\(special.bytes) after \(before) plain bytes, \(after) after it")
        }
      }
      let unterminated = [0x22] + [UInt8](repeating: UInt8(ascii: "a"), count: before)
      XCTAssertEqual(scan(unterminated), .failure(offset: unterminated.count, reason: "unterminated string"))
    }
  }
}
