import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 46, item 11: a sound line of a known type whose data does not decode (a buggy build,
/// a hand edit) no longer stops the app for good. `serve` names the way out;
/// `repair --set-aside-unreadable` replaces each such line by a `log.setAside` event at its
/// seq, keeps the line byte for byte beside the log, says what the state loses, and never
/// touches a newer build's line.
final class SetAsideTests: XCTestCase {
  private func writeLog(_ dir: TemporaryDirectory, _ events: [NewEvent]) throws -> String {
    let path = dir.path + "/events.jsonl"
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    for event in events { try log.append([event]) }
    try log.close()
    return path
  }

  private func edited(_ value: String) -> NewEvent {
    NewEvent(
      type: "auth.fieldEdited", data: Array(#"{"field":"email","form":"login","value":"\#(value)"}"#.utf8))
  }

  /// A `log.base` that does not read cannot be set aside: `serve`, `repair` and the set-aside
  /// refusal name the way that works (keep the directory, start a fresh one), never the command
  /// that refuses it; nothing is changed.
  func testAnUnreadableBaseNamesTheWayThatWorks() throws {
    let dir = TemporaryDirectory()
    let path = try writeLog(
      dir,
      [NewEvent(type: EventLine.baseType, data: Array(#"{"state":"not a state"}"#.utf8)), edited("a@b.c")])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let serve = try runGalleryRPC(["serve", "--data-dir", dir.path, "--durability", "none"])
    XCTAssertNotEqual(serve.status, 0)
    let repair = try runGalleryRPC(["repair", path])
    let aside = try runGalleryRPC(["repair", path, "--set-aside-unreadable"])
    XCTAssertNotEqual(aside.status, 0)
    for (name, err) in [("serve", serve.err), ("repair", repair.err), ("set aside", aside.err)] {
      XCTAssertTrue(err.contains("start with a fresh one"), "\(name): \(err)")
      XCTAssertFalse(err.contains("To go on without them"), "\(name): \(err)")
      XCTAssertFalse(err.contains("to go on without the lines"), "\(name): \(err)")
    }
    XCTAssertTrue(serve.err.contains("mv \(dir.path) \(dir.path).kept"), serve.err)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "nothing was changed")
  }

  func testAnUnreadableLineIsSetAsideAndTheAppOpensAgain() throws {
    let dir = TemporaryDirectory()
    let broken = NewEvent(type: "auth.fieldEdited", data: Array(#"{"field":5,"form":"login"}"#.utf8))
    let path = try writeLog(dir, [edited("a@b.c"), broken, edited("x@y.z")])
    let brokenLine = String(
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[1])

    // serve refuses, and names the command.
    let serve = try runGalleryRPC(["serve", "--data-dir", dir.path, "--durability", "none"])
    XCTAssertNotEqual(serve.status, 0)
    XCTAssertTrue(serve.err.contains("--set-aside-unreadable"), serve.err)
    // Plain repair cuts nothing, and names it too.
    let repair = try runGalleryRPC(["repair", path])
    XCTAssertEqual(repair.status, 1)
    XCTAssertTrue(repair.err.contains("--set-aside-unreadable"), repair.err)

    let aside = try runGalleryRPC(["repair", path, "--set-aside-unreadable"])
    XCTAssertEqual(aside.status, 0, aside.err)
    XCTAssertTrue(aside.out.contains("set aside 1 line(s)"), aside.out)
    XCTAssertTrue(aside.out.contains("from seq 2"), aside.out)
    let keptName = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).first {
        $0.hasPrefix("events.jsonl.set-aside-")
      })
    XCTAssertEqual(
      try String(contentsOfFile: dir.path + "/" + keptName, encoding: .utf8), brokenLine + "\n",
      "the line is kept byte for byte")

    // The log keeps its seqs and verifies clean; the placeholder names the line and the file.
    let verify = try runGalleryRPC(["verify", path])
    XCTAssertEqual(verify.status, 0, verify.out)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, 3)
    XCTAssertTrue(
      lines[1].contains(#""seq":2"#) && lines[1].contains(#""type":"log.setAside""#), "\(lines[1])")
    XCTAssertTrue(lines[1].contains(keptName))
    XCTAssertTrue(lines[1].contains(#""event":"auth.fieldEdited""#))

    // The app opens, with what the readable lines built.
    let p = try RPCProcess(dataDirectory: dir)
    p.call("initialize")
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/login/email/value"))["value"], .string("x@y.z"))
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }

  func testANewerBuildsLineIsNeverTouched() throws {
    let dir = TemporaryDirectory()
    let path = try writeLog(
      dir,
      [
        edited("a@b.c"), NewEvent(type: "auth.fieldEdited", data: Array(#"{"field":5}"#.utf8)),
        NewEvent(type: "future.feature", data: Array("{}".utf8)),
      ])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let aside = try runGalleryRPC(["repair", path, "--set-aside-unreadable"])
    XCTAssertEqual(aside.status, 3, aside.err)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, "left byte for byte")
    let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
      $0.contains("set-aside")
    }
    XCTAssertEqual(kept, [])
  }

  func testAReadableLogIsLeftAsItIs() throws {
    let dir = TemporaryDirectory()
    let path = try writeLog(dir, [edited("a@b.c")])
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let aside = try runGalleryRPC(["repair", path, "--set-aside-unreadable"])
    XCTAssertEqual(aside.status, 0)
    XCTAssertTrue(aside.out.contains("nothing to set aside"), aside.out)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
  }
}
