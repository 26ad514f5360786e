import XCTest

@testable import GalleryCore

/// The table a page's fold finds keys in: it must answer exactly as a dictionary of first
/// positions would, whatever the keys and however far it grows.
final class KeyPositionsTests: XCTestCase {
  func testItAnswersAsADictionaryOfFirstPositions() {
    let keys =
      (0..<5000).map { "pixabay:\($0 * 7919 % 5000)" } + ["", "é", "日本語のキー", "a/b~c", "p:1", "p:1"]
      + (0..<500).map { "long key \($0) " + String(repeating: "x", count: $0 % 40) }
    for capacity in [0, 1, 20, keys.count] {
      var table = KeyPositions(capacity: capacity)
      var expected: [String: Int] = [:]
      for (i, key) in keys.enumerated() {
        XCTAssertEqual(table.insert(key, at: i), expected[key] == nil, "\(key) at \(i), capacity \(capacity)")
        if expected[key] == nil { expected[key] = i }
      }
      XCTAssertEqual(table.count, expected.count)
      for (key, position) in expected { XCTAssertEqual(table.position(of: key), position, key) }
      for absent in ["pixabay:5000", "p:2", "long key 1 ", "日本語"] {
        XCTAssertNil(table.position(of: absent), absent)
      }
    }
  }

  func testAnEmptyTableFindsNothing() {
    let table = KeyPositions(capacity: 0)
    XCTAssertNil(table.position(of: "p:1"))
    XCTAssertEqual(table.count, 0)
  }
}
