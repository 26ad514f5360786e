import XCTest

@testable import GalleryCore

/// An operation whose value is a list of integers (a search's album ids) is held as them and
/// written digit by digit; on the wire and to a reader it is the operation of that array.
final class JSONPatchIntegersTests: XCTestCase {
  func testIntegersAreWrittenAndReadAsTheArrayTheyMake() {
    let numbers = [
      0, 7, -3, 9_007_199_254_740_992, 9_007_199_254_740_993, Int.max, Int.min, -9_007_199_254_740_992,
    ]
    let held = JSONPatch.Operation(.replace, "/albums/sections/0/albumIds", integers: numbers)
    let array = JSONValue.array(
      numbers.map { JSONValue.isExactDouble(Int64($0)) ? .number(Double($0)) : .integer(Int64($0)) })
    let made = JSONPatch.Operation(.replace, "/albums/sections/0/albumIds", array)
    XCTAssertEqual(held.value, array)
    XCTAssertEqual(held, made)
    XCTAssertNotEqual(held, JSONPatch.Operation(.replace, "/albums/sections/0/albumIds", integers: [0, 7]))
    let fast = JSONOutput.bytes {
      JSONPatch.write([held, JSONPatch.Operation(.remove, "/x"), held], to: &$0)
    }
    let general = JSONWriter.bytes(.array([made.json, JSONPatch.Operation(.remove, "/x").json, made.json]))
    XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: general, as: UTF8.self))
    XCTAssertTrue(
      String(decoding: fast, as: UTF8.self).contains("[0,7,-3,9007199254740992.0,9007199254740993,"))
    // Set as a value, it is that value.
    var changed = held
    changed.value = .string("s")
    XCTAssertEqual(changed.value, .string("s"))
    let empty = JSONOutput.bytes { JSONPatch.write([JSONPatch.Operation(.add, "/a", integers: [])], to: &$0) }
    XCTAssertEqual(String(decoding: empty, as: UTF8.self), #"[{"op":"add","path":"/a","value":[]}]"#)
  }

  /// The list writer spells each number as `writeInteger` does, for every length of number.
  func testIntegersAreSpelledAsOneByOne() {
    var list = [0, -1, 9, 10, -10, 99_999, Int.max, Int.min, Int.min + 1]
    var n = 1
    for _ in 0..<19 {
      list += [n, -n, n - 1, n + 1]
      n = n.multipliedReportingOverflow(by: 10).partialValue
    }
    for lists in [list, [], [42]] {
      let fast = JSONOutput.bytes { JSONWriter.writeIntegers(lists, to: &$0) }
      let slow = JSONOutput.bytes { slow in
        slow.append(UInt8(ascii: "["))
        for (i, n) in lists.enumerated() {
          if i > 0 { slow.append(UInt8(ascii: ",")) }
          JSONWriter.writeInteger(Int64(n), to: &slow)
        }
        slow.append(UInt8(ascii: "]"))
      }
      XCTAssertEqual(String(decoding: fast, as: UTF8.self), String(decoding: slow, as: UTF8.self))
    }
  }
}
