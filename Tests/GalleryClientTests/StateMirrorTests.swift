import JSON
import XCTest

@testable import GalleryClient

/// The mirror's resync: a change held while the whole state was asked for, which still does
/// not fit the state that arrived, asks again instead of leaving the mirror waiting for ever.
final class StateMirrorTests: XCTestCase {
  private func change(_ from: Int, _ to: Int, _ patch: JSONValue = .array([])) -> StateMirror.Change {
    StateMirror.Change(
      .object(["fromVersion": .number(Double(from)), "version": .number(Double(to)), "patch": patch]))!
  }

  func testAHeldChangeThatStillDoesNotFitAsksAgainAndLaterChangesWaitBehindIt() {
    var mirror = StateMirror()
    XCTAssertEqual(mirror.load(.object(["n": .number(1)]), version: 1), .applied)
    XCTAssertEqual(mirror.apply(change(5, 6)), .needsSync, "a gap")
    let add: JSONValue = .array([
      .object(["op": .string("replace"), "path": .string("/n"), "value": .number(2)])
    ])
    XCTAssertEqual(mirror.apply(change(1, 2, add)), .held, "held while the state is asked for")
    XCTAssertEqual(
      mirror.load(.object(["n": .number(1)]), version: 1), .needsSync, "6 still does not follow 1")
    XCTAssertEqual(mirror.apply(change(2, 3)), .held, "still syncing: held in order")
    XCTAssertEqual(
      mirror.load(.object(["n": .number(3)]), version: 6), .applied, "2, 3 and 6 are behind it now")
    XCTAssertEqual(mirror.version, 6)
    XCTAssertEqual(mirror.document, .object(["n": .number(3)]))
    XCTAssertEqual(mirror.apply(change(6, 7, add)), .applied)
    XCTAssertEqual(mirror.document, .object(["n": .number(2)]))
  }
}
