import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// `verify`, `repair` and `serve` judge a log the same way: what serve refuses, verify calls
/// damage and repair fixes (keeping the original); what verify calls a torn tail, serve cuts.
/// A sound line this build cannot read is never cut (issue 27): every command refuses it by
/// name, a newer build's with exit status 3, and repair leaves the file as it was.
final class LogJudgementTests: XCTestCase {
  private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    try runGalleryRPC(arguments)
  }

  private func edit(_ n: Int) -> NewEvent {
    NewEvent(type: "auth.fieldEdited", data: Array(#"{"field":"email","form":"login","value":"\#(n)"}"#.utf8))
  }

  /// A log of 29 good events, then what `damage` appends, then one more good event.
  private func damagedLog(_ damage: (EventLog) throws -> Void) throws -> TemporaryDirectory {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
    for n in 1...29 { try log.append([edit(n)]) }
    try damage(log)
    try log.append([edit(99)])
    try log.close()
    return dir
  }

  private func agree(
    _ dir: TemporaryDirectory, _ what: String, file: StaticString = #filePath, line: UInt = #line
  )
    throws
  {
    let path = dir.path + "/events.jsonl"
    let verified = try run(["verify", path])
    XCTAssertEqual(verified.status, 1, "\(what): verify finds it", file: file, line: line)
    XCTAssertTrue(verified.out.contains("damage:"), "\(what): \(verified.out)", file: file, line: line)
    let served = try run(["serve", "--data-dir", dir.path, "--durability", "none"])
    XCTAssertEqual(served.status, 1, "\(what): serve refuses it: \(served.err)", file: file, line: line)
    let repaired = try run(["repair", path])
    XCTAssertEqual(repaired.status, 0, "\(what): \(repaired.out) \(repaired.err)", file: file, line: line)
    XCTAssertTrue(
      repaired.out.contains("original kept at"), "\(what): \(repaired.out)", file: file, line: line)
    XCTAssertEqual(
      try run(["verify", path]).status, 0, "\(what): clean after repair", file: file, line: line)
    XCTAssertEqual(try Replay.state(ofLogAt: path).login.email.value, "29", what, file: file, line: line)
    let again = try run(["serve", "--data-dir", dir.path, "--durability", "none"])
    XCTAssertTrue(
      again.err.contains("serving"), "\(what): serve opens the repaired log: \(again.err)", file: file,
      line: line)
  }

  /// Every command refuses the log with `status`, naming `kind`; repair changes no byte.
  private func refuseAlike(
    _ dir: TemporaryDirectory, _ what: String, status: Int32, kind: String, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let path = dir.path + "/events.jsonl"
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let verified = try run(["verify", path])
    XCTAssertEqual(verified.status, status, "\(what): verify: \(verified.out)", file: file, line: line)
    XCTAssertTrue(verified.out.contains("\(kind):"), "\(what): \(verified.out)", file: file, line: line)
    XCTAssertFalse(verified.out.contains("damage:"), "\(what): \(verified.out)", file: file, line: line)
    for command in [["serve", "--data-dir", dir.path, "--durability", "none"], ["replay", path]] {
      let refused = try run(command)
      XCTAssertEqual(refused.status, status, "\(what): \(command[0]): \(refused.err)", file: file, line: line)
    }
    let repaired = try run(["repair", path])
    XCTAssertEqual(
      repaired.status, status, "\(what): \(repaired.out) \(repaired.err)", file: file, line: line)
    XCTAssertTrue(repaired.err.contains("nothing"), "\(what): \(repaired.err)", file: file, line: line)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before, what, file: file, line: line)
    let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains("damaged") }
    XCTAssertEqual(left, [], "\(what): nothing moved aside", file: file, line: line)
  }

  func testAPayloadThatDoesNotDecodeIsRefusedByAllAndNeverCut() throws {
    try refuseAlike(
      damagedLog {
        try $0.append([NewEvent(type: "auth.fieldEdited", data: Array(#"{"text":12345}"#.utf8))])
      },
      "undecodable data", status: 1, kind: "unreadable")
  }

  func testAnUnknownTypeIsANewerBuildsLineForAllAndNeverCut() throws {
    try refuseAlike(
      damagedLog { try $0.append([NewEvent(type: "evil.unknown", data: Array("{}".utf8))]) }, "unknown type",
      status: 3, kind: "newer build")
  }

  func testANewerVersionOfAKnownTypeIsANewerBuildsLine() throws {
    try refuseAlike(
      damagedLog { try $0.append([NewEvent(type: "auth.fieldEdited", version: 9, data: Array("{}".utf8))]) },
      "newer version", status: 3, kind: "newer build")
  }

  /// Damage after a line this build cannot read: repair cuts the damaged bytes (kept aside)
  /// and keeps the unreadable line.
  func testRepairCutsDamageButKeepsALineItCannotRead() throws {
    let dir = try damagedLog {
      try $0.append([NewEvent(type: "auth.fieldEdited", data: Array(#"{"text":1}"#.utf8))])
    }
    let path = dir.path + "/events.jsonl"
    var text = String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self)
    text = text.replacingOccurrences(of: #""value":"99""#, with: #""value":"98""#)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    let repaired = try run(["repair", path])
    XCTAssertEqual(repaired.status, 0, repaired.err)
    XCTAssertTrue(repaired.out.contains("original kept at"), repaired.out)
    let verified = try run(["verify", path])
    XCTAssertEqual(verified.status, 1)
    XCTAssertTrue(verified.out.contains("line 30 (byte"), verified.out)
    XCTAssertTrue(verified.out.contains("unreadable:"), verified.out)
    XCTAssertFalse(verified.out.contains("damage:"), verified.out)
  }

  func testABatchMissingItsMiddleLineIsDamageForAllThree() throws {
    let dir = try damagedLog { try $0.append([self.edit(30), self.edit(31), self.edit(32)]) }
    let path = dir.path + "/events.jsonl"
    var lines = String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    lines.remove(at: 30)  // seq 31, the batch's middle
    _ = FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8))
    let verified = try run(["verify", path])
    XCTAssertFalse(verified.out.contains("torn tail"), "not a torn tail: \(verified.out)")
    try agree(dir, "a batch missing its middle")
  }

  /// Issue 46 (minor): one judgement for every tool. A bundle whose only line is damaged, or
  /// a base-only bundle at seq 2^64-1 (past what a JSON client reads exactly): `verify` calls
  /// it damage, and now `replay` does too (it exited 0 with the initial state) and
  /// `serve --inspect` refuses it (it opened an empty session).
  func testAFileWhoseOnlyLineIsDamagedIsDamageToEveryTool() throws {
    let dir = TemporaryDirectory()
    let good = dir.path + "/good.jsonl"
    let log = try EventLog(path: good, options: EventLogOptions(durability: .none))
    try log.append([edit(1)])
    try log.close()
    var flipped = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
    let at = try XCTUnwrap(flipped.firstIndex(of: UInt8(ascii: "1")))
    flipped[at] = UInt8(ascii: "2")  // the CRC no longer matches
    let damaged = dir.path + "/damaged.jsonl"
    try Data(flipped).write(to: URL(fileURLWithPath: damaged))
    let huge = dir.path + "/huge.jsonl"
    try Data(
      #"{"seq":18446744073709551615,"time":"2026-01-01T00:00:00.000Z","type":"log.base","v":3,"data":{"state":{}},"crc":"00000000"}"#
        .utf8 + [0x0A]
    ).write(to: URL(fileURLWithPath: huge))
    for file in [damaged, huge] {
      XCTAssertEqual(try run(["verify", file]).status, 1, file)
      let replay = try run(["replay", file])
      XCTAssertEqual(replay.status, 1, "\(file): \(replay.err)")
      XCTAssertTrue(replay.err.contains("damage"), replay.err)
      let inspect = try run(["serve", "--inspect", file])
      XCTAssertEqual(inspect.status, 1, "\(file): \(inspect.err)")
      XCTAssertTrue(inspect.err.contains("damaged"), inspect.err)
    }
  }
}
