import Foundation
import GalleryTesting
import XCTest

@testable import GalleryCore

/// `AppState.value(at:)` answers what resolving the pointer in the whole encoded state does,
/// for every member two levels deep, the feed's items, and pointers that fail.
final class StatePointerTests: XCTestCase {
  /// The parts each feature declares cover exactly the members clients see, in the order
  /// `AppState` declares them: the order a patch lists its operations, as before the parts
  /// were gathered from the features.
  func testThePartsAreTheViewsMembersInDeclarationOrder() throws {
    // Read from AppState's own declaration, not listed here: a member a feature adds is
    // checked with no edit (its part, in its place).
    let declared = Mirror(reflecting: AppState()).children.compactMap(\.label)
      .map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
      .filter { !AppState.coreOnlyMembers.contains($0) }
    XCTAssertEqual(AppState.parts.map(\.name), declared)
    XCTAssertTrue(declared.starts(with: ["route", "shape", "login"]), "\(declared)")
    guard case .object(let view) = try AppState.view(AppState()) else { return XCTFail("not an object") }
    XCTAssertEqual(Set(view.keys), Set(AppState.parts.map(\.name)))
  }

  /// `WrittenKeys` lists a value's own members in declaration order, optionals absent or
  /// not, and none of its members' members.
  func testWrittenKeysNameTheTopLevelInDeclarationOrder() {
    struct Inner: Codable { var deep = 1 }
    struct Outer: Codable {
      var zebra = Inner()
      var absent: String? = nil
      var list = [Inner()]
      var apple = "a"
    }
    XCTAssertEqual(WrittenKeys.names(of: Outer()), ["zebra", "list", "apple"])
  }

  func testEveryPointerResolvesAsInTheWholeEncodedState() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none, timerScale: 0))
    try store.signInToDemo()
    try store.send(.images(.prefetch(["demo:2"])))
    try store.send(.feed(.openDetail("demo:3")))
    try store.send(.video(.playRandom(VideoWish())))
    store.waitUntilIdle()
    let state = store.state
    try store.close()

    let document = try AppState.view(state)
    var pointers = [
      "", "/", "/nope", "/feed/nope", "/feed/items/-", "/feed/items/999", "/feed/items/01", "/feed/items/x",
    ]
    guard case .object(let top) = document else { return XCTFail() }
    for (key, value) in top {
      pointers.append("/\(key)")
      if case .object(let members) = value { pointers += members.keys.map { "/\(key)/\($0)" } }
    }
    pointers += [
      "/feed/items/0", "/feed/items/1/thumbnail/status", "/feed/items/19/photo/tags/0", "/detail/photo/key",
    ]
    for pointer in pointers {
      let expected = Result { try JSONPointer.resolve(pointer, in: document) }
      let actual = Result { try state.value(at: pointer) }
      switch (expected, actual) {
      case (.success(let a), .success(let b)): XCTAssertEqual(a, b, pointer)
      case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", pointer)
      default: XCTFail("\(pointer): \(expected) vs \(actual)")
      }
    }
  }
}
