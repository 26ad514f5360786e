import Foundation
import GalleryCore
import XCTest

/// A keyed map is read in one pass: a dictionary's `init(from:)` asks for every key in turn,
/// and a scan of the object per key made a 150,000-album page (3.6 MB, within the API's
/// 4 MiB) cost 123.5 s at every restart.
final class KeyedMapDecodingTests: XCTestCase {
  func testA150000MemberMapDecodesInOnePass() throws {
    let count = 150_000
    var text = "{"
    for i in 0..<count { text += (i == 0 ? "" : ",") + #""album-\#(i)":\#(i)"# }
    text += "}"
    let began = Date()
    let map = try JSONTapeDecoder().decode([String: Int].self, from: Array(text.utf8))
    // Bound stated: 60 s for what takes about a second (a scan per key: hours).
    XCTAssertLessThan(Date().timeIntervalSince(began), 60)
    XCTAssertEqual(map.count, count)
    XCTAssertEqual(map["album-0"], 0)
    XCTAssertEqual(map["album-149999"], 149_999)
  }

  func testALargeObjectReadsAsASmallOneDoes() throws {
    // Past the indexed size: escaped keys, a repeated key (the last counts), absent keys.
    var members = (0..<40).map { #""k\#($0)":\#($0)"# }
    members.append(#""k\u0031":99"#)
    members.append(#""tab\tkey":7"#)
    let text = "{" + members.joined(separator: ",") + "}"
    let map = try JSONTapeDecoder().decode([String: Int].self, from: Array(text.utf8))
    XCTAssertEqual(map["k1"], 99, "the last of a repeated key counts")
    XCTAssertEqual(map["tab\tkey"], 7)
    XCTAssertEqual(map.count, 41)
    let small = try JSONTapeDecoder().decode([String: Int].self, from: Array(#"{"a":1,"a":2}"#.utf8))
    XCTAssertEqual(small["a"], 2)
  }
}
