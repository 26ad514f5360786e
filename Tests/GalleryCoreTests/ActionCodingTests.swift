import Foundation
import XCTest

@testable import GalleryCore

/// `Action` and `Effect.feature` carry any feature's value without a case per feature: each
/// is encoded as `{"feature": value}`, decodes back to the same value through the types the
/// composed modules declare, compares by feature and value, and prints as an enum would.
final class ActionCodingTests: XCTestCase {
  func testAnActionIsItsFeaturesNameOverItsValueAndDecodesBack() throws {
    let action = Action.favorites(.add(key: "demo:1"))
    let bytes = try JSONCoding.encode(action)
    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), #"{"favorites":{"add":{"key":"demo:1"}}}"#)
    XCTAssertEqual(try JSONCoding.decode(Action.self, from: bytes), action)
    for sample in [
      Action.auth(.submit(.login)), .navigation(.back), .feed(.refresh), .albums(.load),
      .video(.playRandom(VideoWish())),
      .favorites(.remove(key: "favorite:demo:1")),
      .requests(.waitElapsed(area: .feed, until: "2026-11-26T00:00:00.000Z")),
    ] {
      XCTAssertEqual(
        try JSONCoding.decode(Action.self, from: try JSONCoding.encode(sample)), sample, "\(sample)")
    }
  }

  func testActionsCompareByFeatureAndValue() {
    XCTAssertEqual(Action.favorites(.add(key: "a")), .favorites(.add(key: "a")))
    XCTAssertNotEqual(Action.favorites(.add(key: "a")), .favorites(.add(key: "b")))
    XCTAssertNotEqual(Action.favorites(.open(key: "a")), .feed(.openDetail("a")))
    XCTAssertEqual("\(Action.favorites(.open(key: "a")))", #"favorites(open(key: "a"))"#)
    XCTAssertEqual(Action.favorites(.open(key: "a")).feature, "favorites")
    XCTAssertEqual(Action.feed(.refresh).feature, "feed")
  }

  func testAnActionOfNoFeatureOrOfTwoIsRefusedByName() {
    for (json, reason) in [
      (#"{"nope":{"add":{"key":"x"}}}"#, "no feature nope has an action"),
      (#"{"favorites":{"add":{"key":"x"}},"feed":{"refresh":{}}}"#, "an action names exactly one feature"),
      ("{}", "an action names exactly one feature"),
    ] {
      XCTAssertThrowsError(try JSONCoding.decode(Action.self, from: Array(json.utf8)), json) { error in
        XCTAssertTrue("\(error)".contains(reason), "\(error)")
      }
    }
  }

  func testAFeaturesEffectRoundTripsInsideAnEffect() throws {
    let effects: [Effect] = [
      .images(.cancelAll(target: .detail)), .feed(.showOfflineCopy(provider: "demo")),
      .dispatch(.favorites(.add(key: "demo:2"))),
    ]
    let bytes = try JSONCoding.encode(effects)
    XCTAssertEqual(try JSONCoding.decode([Effect].self, from: bytes), effects)
    XCTAssertTrue(
      String(decoding: bytes, as: UTF8.self).contains(#"{"images":{"cancelAll":{"target":"detail"}}}"#))
    guard case .feature(let images) = effects[0], case .feature(let feed) = effects[1] else {
      return XCTFail("a feature's effect is carried as .feature")
    }
    XCTAssertEqual(images.feature, "images")
    XCTAssertEqual(feed.feature, "feed")
  }
}
