import XCTest

@testable import JSON

/// Every writer appends to a `JSONOutput`: what it holds is exactly what was appended, in
/// order, whether it wrote into an array's room or outgrew it, and the room it was given is
/// never written past.
final class JSONOutputTests: XCTestCase {
  /// The same appends, byte for byte, as an array's, across every growth.
  func testItHoldsWhatWasAppendedAcrossEveryGrowth() {
    var out = JSONOutput(capacity: 0)
    var expected: [UInt8] = []
    for round in 0..<300 {
      switch round % 6 {
      case 0:
        out.append(UInt8(truncatingIfNeeded: round))
        expected.append(UInt8(truncatingIfNeeded: round))
      case 1:
        out.append(#"{"seq":"#)
        expected += Array(#"{"seq":"#.utf8)
      case 2:
        let bytes = (0..<(round % 37)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        out.append(contentsOf: bytes)
        expected += bytes
      case 3:
        out.append(contentsOf: "é日本 \(round)")
        expected += Array("é日本 \(round)".utf8)
      case 4:
        let slice = expected.suffix(5)
        out.append(contentsOf: slice)
        expected += slice
      default:
        out.write(upTo: 3) { p in
          p[0] = 0x41
          p[1] = 0x42
          return 2
        }
        expected += [0x41, 0x42]
      }
      XCTAssertEqual(out.count, expected.count)
    }
    XCTAssertEqual(out.bytes, expected)
    XCTAssertEqual(out.last, expected.last)
    out.removeLast(10)
    XCTAssertEqual(out.bytes, Array(expected.dropLast(10)))
    out[0] = 0xFF
    XCTAssertEqual(out[0], 0xFF)
    out.removeAll()
    XCTAssertTrue(out.isEmpty)
    XCTAssertNil(out.last)
  }

  /// `bytes(capacity:_:)` writes into the array's own room when it suffices and copies once
  /// when the writer outgrows it: the same bytes either way, for every size around the room.
  func testAnArrayWrittenInPlaceOrOutgrownHoldsTheSameBytes() {
    for capacity in [0, 16, 64] {
      for size in [0, 1, 15, 16, 17, 63, 64, 65, 1000] {
        let expected = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 1) }
        let written = JSONOutput.bytes(capacity: capacity) { out in
          for b in expected { out.append(b) }
        }
        XCTAssertEqual(written, expected, "\(size) bytes in room for \(capacity)")
      }
    }
  }

  /// One output appended to another, and to an array.
  func testAnOutputAppendsToAnotherAndToAnArray() {
    var first = JSONOutput()
    first.append("[1,2]")
    var second = JSONOutput(capacity: 1)
    second.append(contentsOf: first)
    second.append(contentsOf: first)
    var array: [UInt8] = Array("x".utf8)
    array.append(contentsOf: second)
    XCTAssertEqual(String(decoding: array, as: UTF8.self), "x[1,2][1,2]")
  }
}
