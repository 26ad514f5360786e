import EventStore
import Foundation
import GalleryCore
import XCTest

/// `JSONTapeDecoder` (what replay decodes every event with) must read what Foundation's
/// decoder reads, refuse what it refuses, and say where a value was wrong.
final class JSONTapeDecoderTests: XCTestCase {
  private struct Sample: Codable, Equatable {
    enum Kind: String, Codable { case photo, video }
    struct Inner: Codable, Equatable {
      var id: Int
      var tags: [String]
    }
    var name: String
    var count: Int
    var ratio: Double
    var on: Bool
    var kind: Kind
    var small: Int8
    var big: UInt64
    var note: String?
    var inner: Inner
    var list: [Inner]
    var map: [String: Int]
    var nested: [[Int]]
  }

  private let cases = [
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":-128,"big":18446744073709551615,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{ "nested" : [[1,2],[],[3]] , "map":{"x":1,"y":-2},"list":[{"id":1,"tags":["a","b"]},{"tags":["é\u00e9\ud83d\ude00"],"id":3}],"inner":{"id":0,"tags":["\"\\\/\b\f\n\r\t"]},"big":0,"small":127,"kind":"video","on":false,"ratio":-1e3,"count":-0,"name":"","note":null}"#,
    #"{"name":"a","count":1.0,"ratio":1,"on":true,"kind":"photo","small":1,"big":1,"note":"n","inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    // Each of these is refused by both: a wrong type, out of range, missing, bad enum, bad JSON.
    #"{"name":1,"count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1.5,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":128,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":-1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":1,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"audio","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[[1,null]]}"#,
    #"{"name":"a","count":1,"ratio":"0.5","on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]"#,
    #"{"name":"a","count":01,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[],"map":{},"nested":[]}"#,
    #"[]"#, #""#, #"null"#,
  ]

  func testReadsAndRefusesWhatFoundationReadsAndRefuses() {
    for text in cases {
      let ours = try? JSONTapeDecoder().decode(Sample.self, from: Array(text.utf8))
      let foundation = try? JSONDecoder().decode(Sample.self, from: Data(text.utf8))
      XCTAssertEqual(ours, foundation, text)
    }
    XCTAssertEqual(
      cases.compactMap { try? JSONTapeDecoder().decode(Sample.self, from: Array($0.utf8)) }.count, 3)
  }

  func testAMismatchNamesThePathAndWhatWasThere() {
    let text =
      #"{"name":"a","count":1,"ratio":0.5,"on":true,"kind":"photo","small":1,"big":1,"inner":{"id":2,"tags":[]},"list":[{"id":1,"tags":[]},{"id":2,"tags":["a",7]}],"map":{},"nested":[]}"#
    XCTAssertThrowsError(try JSONTapeDecoder().decode(Sample.self, from: Array(text.utf8))) { error in
      guard case DecodingError.typeMismatch(_, let context) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(context.codingPath.map(\.stringValue), ["list", "1", "tags", "1"])
      XCTAssertEqual(context.debugDescription, "expected String, found number 7")
    }
    XCTAssertThrowsError(try JSONTapeDecoder().decode(Sample.Inner.self, from: Array(#"{"id":1}"#.utf8))) {
      error in
      guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(key.stringValue, "tags")
    }
    XCTAssertThrowsError(try JSONTapeDecoder().decode(Sample.Inner.self, from: Array(#"{"id":1,"#.utf8))) {
      error in
      XCTAssertEqual("\(error)", "expected an object key at byte 8")
    }
  }

  func testAnyJSONReadsAsTheParserReadsIt() throws {
    let texts = [
      #"{"a":[1,2.5,-3e2,true,false,null,"x\n"],"b":{"c":{}},"":[]}"#, #"  "top"  "#, "12345678901234567890",
      #"{"k":1,"k":2}"#,
    ]
    for text in texts {
      XCTAssertEqual(
        try JSONTapeDecoder().decode(JSONValue.self, from: Array(text.utf8)), try JSONParser.parse(text), text
      )
    }
    XCTAssertEqual(
      try JSONParser.parse(#"{"k":1,"k":2}"#), .object(["k": .number(2)]), "the last of a repeated key, as jq"
    )
  }

  /// A surrogate escape without its pair names no character: both readers refuse it (the
  /// tape used to read it as an empty string; found by the providers fuzz harness).
  func testWholeNumbersPast2To53ReadTheSameThroughBothReaders() throws {
    let cases: [(String, JSONValue)] = [
      ("9007199254740993", .integer(9_007_199_254_740_993)), ("-9223372036854775808", .integer(.min)),
      ("66666666666666666.66", .integer(66_666_666_666_666_664)), ("1e17", .integer(100_000_000_000_000_000)),
      ("9223372036854775808", .number(9_223_372_036_854_775_808)), ("1.5", .number(1.5)), ("42", .number(42)),
    ]
    for (text, expected) in cases {
      XCTAssertEqual(try JSONParser.parse(text), expected, text)
      XCTAssertEqual(try JSONTapeDecoder().decode(JSONValue.self, from: Array(text.utf8)), expected, text)
      XCTAssertEqual(
        try JSONParser.parse(JSONWriter.bytes(expected)), expected, "\(text) written and read back")
    }
  }

  func testALoneSurrogateIsRefusedByBoth() {
    for text in [
      #"{"a":[1,23,"x\uDeFaBin9"]}"#, #""\ud83d""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\ude00\ud83d""#,
    ] {
      XCTAssertThrowsError(try JSONParser.parse(text), text)
      XCTAssertThrowsError(try JSONTapeDecoder().decode(JSONValue.self, from: Array(text.utf8)), text) {
        error in
        XCTAssertTrue("\(error)".contains("lone surrogate"), "\(error)")
      }
    }
    XCTAssertEqual(try JSONParser.parse(#""\ud83d\ude00""#), .string("😀"))
  }

  /// Every event of a realistic session decodes to the payload that was encoded.
  func testEveryKindOfFeedEventRoundTrips() throws {
    let photos = (1...3).map(DemoCatalog.photo)
    let payloads: [any EventPayload] = [
      FeedEvents.PageLoaded(requestID: 4, page: FeedPage(photos: photos, hasMore: true)),
      ImagesEvents.ImageLoaded(key: photos[0].key, target: .thumbnail, path: "cache/ab/cd"),
      AuthEvents.FieldEdited(form: .login, field: .email, value: "ü@ñ.es \"q\""),
    ]
    for payload in payloads {
      let record = EventRecord(
        seq: 1, timeMillis: 0, type: type(of: payload).type, version: 1, batchRemaining: 0,
        data: try EventCodec.encodeData(payload))
      XCTAssertEqual(try EventCodec.decode(record), Event(payload))
    }
  }
}
