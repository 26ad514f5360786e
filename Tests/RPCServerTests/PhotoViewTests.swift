import Foundation
import JSON
import XCTest

@testable import MCPServer

/// `photo_view`'s pieces: finding a photo's image slot in the state by the key it shows, and
/// making any picture a model can look at (a BMP becomes a PNG that decodes to its pixels).
final class PhotoViewTests: XCTestCase {
  func testTheSlotOfAKeyIsFoundWhereverAScreenShowsIt() throws {
    let state = try JSONParser.parse(
      Array(
        #"""
        {"feed":{"items":[{"key":"demo:1","photo":{"key":"demo:1"},"thumbnail":{"error":null,"path":null,"status":"notRequested"}},
                          {"key":"demo:2","photo":{"key":"demo:2"},"thumbnail":{"error":null,"path":"cache/ab/cd","status":"loaded"}}]},
         "detail":{"key":"demo:2","image":{"error":null,"path":"cache/ef/gh","status":"loaded"}},
         "album":{"photos":[{"key":"photo:7","thumbnail":{"error":null,"path":"../../etc/passwd","status":"loaded"}}]}}
        """#.utf8))
    XCTAssertEqual(PhotoSlot.find(key: "demo:1", large: false, in: state), .missing(status: "notRequested"))
    XCTAssertEqual(PhotoSlot.find(key: "demo:2", large: false, in: state), .loaded(path: "cache/ab/cd"))
    XCTAssertEqual(PhotoSlot.find(key: "demo:2", large: true, in: state), .loaded(path: "cache/ef/gh"))
    XCTAssertEqual(PhotoSlot.find(key: "demo:3", large: false, in: state), .notShown)
    XCTAssertEqual(
      PhotoSlot.find(key: "photo:7", large: false, in: state), .missing(status: "loaded"),
      "a path that leaves the data directory is never read")
  }
}
