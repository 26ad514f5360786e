import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import JSON
import XCTest

/// A name given twice in an event's data: every reader of the core takes the last value, as jq
/// and Python's json do, whichever path reads it (the fast reader of a keystroke falls back to
/// the tape, which takes the last; the parser into a value takes the last), so a replay, a
/// value read of the same line and a person's `jq` never disagree.
final class DuplicateKeyTests: XCTestCase {
  func testAReplayTakesTheLastValueOfANameGivenTwice() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/events.jsonl"
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    let data = #"{"field":"email","form":"login","value":"first@b.c","value":"last@b.c"}"#
    try log.append([NewEvent(type: "auth.fieldEdited", data: Array(data.utf8))])
    try log.close()
    XCTAssertEqual(try Replay.state(ofLogAt: path).login.email.value, "last@b.c")
    XCTAssertEqual(try JSONParser.parse(data)["value"], .string("last@b.c"))
    XCTAssertEqual(
      try JSONTapeDecoder().decode(JSONValue.self, from: Array(data.utf8))["value"], .string("last@b.c"))
  }
}
