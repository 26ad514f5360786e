import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 28, item 7: a seq is below 2^53 (every JSON client reads it exactly). A bundle from
/// someone else with seqs past it is refused by every tool with one message, never a trap.
final class SeqBoundTests: XCTestCase {
  func bundle(startingAt base: UInt64, in dir: TemporaryDirectory) -> String {
    var bytes: [UInt8] = []
    EventLine.encode(
      EventRecord(seq: base, timeMillis: 0, type: "log.base", version: 1, data: Array(#"{"state":{}}"#.utf8)),
      into: &bytes)
    // Two events after the base, so no refused line is the last (a bad last line reads as a
    // torn tail, which replay stops before).
    for n: UInt64 in 1...2 {
      EventLine.encode(
        EventRecord(
          seq: min(base, UInt64.max - 2) + n, timeMillis: 0, type: "auth.fieldEdited", version: 1,
          data: Array(#"{"field":"email","form":"login","value":"a"}"#.utf8)), into: &bytes)
    }
    let path = dir.path + "/bundle-\(base).jsonl"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  func testSeqsPastTwoToTheFiftyThreeAreRefusedByEveryToolWithOneMessage() throws {
    let dir = TemporaryDirectory()
    for base in [EventLine.maxSeq, 1 << 63, UInt64.max] {
      let path = bundle(startingAt: base, in: dir)
      let commands = [
        ["verify", path], ["replay", path], ["export", path, "--out", dir.path + "/out.jsonl"],
        ["serve", "--inspect", path],
      ]
      for command in commands {
        let result = try runGalleryRPC(command)
        XCTAssertEqual(result.status, 1, "\(base) \(command[0]): \(result.out) \(result.err)")
        XCTAssertTrue(
          (result.out + result.err).contains(EventLine.seqTooLarge),
          "\(base) \(command[0]): \(result.out) \(result.err)")
      }
    }
    // The largest seq allowed is read exactly.
    let dirOK = TemporaryDirectory()
    let fine = bundle(startingAt: EventLine.maxSeq - 2, in: dirOK)
    let verified = try runGalleryRPC(["verify", fine])
    XCTAssertEqual(verified.status, 0, verified.out)
    XCTAssertTrue(verified.out.contains("to \(EventLine.maxSeq), every checksum matches"), verified.out)
  }
}
