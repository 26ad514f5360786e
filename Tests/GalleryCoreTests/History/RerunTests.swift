import EventStore
import Foundation
import GalleryTesting
import JSON
import XCTest

@testable import GalleryCore

/// `gallery-rpc rerun`'s walk, in process: every recording this repository keeps (the golden
/// logs, the upgrade fixtures' logs, the bundles of `Recordings/`) decides the same on this
/// build, and a recording that this build would decide otherwise is named where it parts.
final class RerunTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path
  static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Recordings").path

  /// Every log the repository records: the golden logs, each upgrade fixture's, each bundle.
  static var recorded: [String] {
    let files = FileManager.default
    let golden = ((try? files.contentsOfDirectory(atPath: fixtures)) ?? []).filter { $0.hasSuffix(".jsonl") }
      .map { fixtures + "/" + $0 }
    let upgrade = ((try? files.contentsOfDirectory(atPath: fixtures + "/upgrade")) ?? []).map {
      fixtures + "/upgrade/" + $0 + "/events.jsonl"
    }
    let bundles = ((try? files.contentsOfDirectory(atPath: recordings)) ?? []).filter {
      $0.hasSuffix(".jsonl")
    }
    .map { recordings + "/" + $0 }
    return (golden + upgrade + bundles).sorted()
  }

  func testEveryRecordingDecidesTheSameOnThisBuild() throws {
    let logs = Self.recorded
    XCTAssertGreaterThanOrEqual(logs.count, 6 + 9 + 1, "the goldens, the upgrade fixtures and a bundle")
    for log in logs {
      let report = try Rerun.run(logAt: log)
      XCTAssertNil(report.divergence, "\(log):\n\(report.text)")
      let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      let base = lines.first?.contains(#""type":"log.base""#) == true ? 1 : 0
      XCTAssertEqual(report.events, lines.count - base, log)
      XCTAssertTrue(report.text.hasSuffix("same decisions"), report.text)
    }
  }

  func testTheBundleOfASessionOverTheFiveAppsMakesEveryKindOfStepAgain() throws {
    let bundle = Self.recordings + "/full-session.bundle.jsonl"
    let types = try String(contentsOfFile: bundle, encoding: .utf8).split(separator: "\n").map {
      guard case .object(let line) = try JSONParser.parse(Array($0.utf8)),
        case .string(let type)? = line["type"]
      else { return "" }
      return type
    }
    for wanted in [
      "auth.passwordEdited", "feed.debounceFired", "feed.loadFailed", "favorites.added",
      "albums.photosArrived",
      "account.signedIn", "account.uploaded",
    ] {
      XCTAssertTrue(types.contains(wanted), "the recording has \(wanted)")
    }
    XCTAssertNil(try Rerun.run(logAt: bundle).divergence)
  }

  func testABundleFromTheMiddleStartsFromItsBase() throws {
    let dir = TemporaryDirectory()
    let out = dir.path + "/from-9.jsonl"
    _ = try LogBundle.export(
      log: Self.fixtures + "/browse-search-detail-offline.jsonl", range: .init(from: 9), out: out,
      build: "test",
      protocolVersion: "1", now: 0)
    let report = try Rerun.run(logAt: out)
    XCTAssertNil(report.divergence, report.text)
    XCTAssertEqual(report.events, 26 - 8)
  }

  func testUntilStopsThereAndFindsNothingPastIt() throws {
    let report = try Rerun.run(logAt: Self.fixtures + "/browse-search-detail-offline.jsonl", until: 10)
    XCTAssertEqual(report.events, 10)
    XCTAssertNil(report.divergence)
  }

  /// A recording this build would not make: written by an older build whose sign-in did not
  /// load the feed. The rerun names the first event this build adds, the input before it.
  func testARecordingThisBuildDecidesOtherwiseIsNamedAtItsFirstDifference() throws {
    let report = try Rerun.run(
      logAt: Self.fixtures + "/legacy/auth-only-login-wrong-password-retry-logout.jsonl")
    let d = try XCTUnwrap(report.divergence)
    XCTAssertEqual(d.seq, 8)
    XCTAssertEqual(d.recorded?.type, "auth.signedOut")
    XCTAssertEqual(d.made?.type, "feed.loadStarted")
    XCTAssertEqual(
      d.input,
      RerunReport.Input(seq: 6, type: "auth.submitted", method: "auth/submitLogin, registration/submit"))
    XCTAssertEqual(report.events, 7)
    XCTAssertTrue(report.text.hasPrefix("diverged at seq 8: this build recorded another event"), report.text)
  }

  /// A result answering a request this build never made is a divergence of its own.
  func testAnAnswerToARequestNeverMadeIsADivergence() throws {
    let dir = TemporaryDirectory()
    let log = dir.path + "/answer.jsonl"
    let lines = try String(contentsOfFile: Self.fixtures + "/login-typo-then-success.jsonl", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    // The backend's answer names request 9: the sign-in this build made is request 1.
    var records = try lines.map { try EventLine.decode(line: $0) }
    let k = try XCTUnwrap(records.firstIndex { $0.type == "auth.succeeded" })
    records[k].data = Array(#"{"email":"test@mail.com","form":"login","requestID":9}"#.utf8)
    var bytes: [UInt8] = []
    for record in records {
      EventLine.encode(record, into: &bytes)
    }
    try Data(bytes).write(to: URL(fileURLWithPath: log))
    let d = try XCTUnwrap(try Rerun.run(logAt: log).divergence)
    XCTAssertEqual(d.seq, records[k].seq)
    XCTAssertTrue(d.reason.contains("a request this build did not make (sign-in 9)"), d.reason)
    XCTAssertTrue(d.reason.contains("this build asked: sign-in 1"), d.reason)
  }

  /// A recording whose process stopped with a sign-in in flight, then started again: the
  /// rerun restarts there too, and this build's start-up closes the same work.
  func testARestartInTheRecordingIsReproducedAndChecked() throws {
    let dir = TemporaryDirectory()
    let lines = try String(contentsOfFile: Self.fixtures + "/login-typo-then-success.jsonl", encoding: .utf8)
      .split(separator: "\n").prefix(6).map { $0 + "\n" }.joined()
    try Data(lines.utf8).write(to: URL(fileURLWithPath: dir.path + "/events.jsonl"))
    // The next process's start: the sign-in left in flight is closed, the password forgotten.
    try Store(dataDirectory: dir.path, options: .init(durability: .none)).close()
    let log = dir.path + "/events.jsonl"
    let report = try Rerun.run(logAt: log)
    XCTAssertNil(report.divergence, report.text)
    XCTAssertEqual(report.restarts, [7])
    XCTAssertEqual(report.events, 8)
    XCTAssertTrue(report.text.hasSuffix("(restarted at seq 7, as the recording did)"), report.text)
  }

  /// A recording names its own directory's files (a staged upload): the rerun makes the upload
  /// and its cancel again, and the file the recording names is left where it is.
  func testARerunNeverRemovesAFileTheRecordingNames() throws {
    let dir = TemporaryDirectory()
    let staged = dir.path + "/theirs/uploads/kept.gif"
    try FileManager.default.createDirectory(
      atPath: dir.path + "/theirs/uploads", withIntermediateDirectories: true)
    try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: staged))
    let lines = try String(contentsOfFile: Self.recordings + "/full-session.bundle.jsonl", encoding: .utf8)
      .split(separator: "\n").map(String.init)
    var records = try lines.map { try EventLine.decode(line: $0) }
    let k = try XCTUnwrap(records.firstIndex { $0.type == "account.uploadStarted" })
    records = Array(records[...k])
    let started = String(decoding: records[k].data, as: UTF8.self)
    let path = try XCTUnwrap(started.range(of: #""path":"[^"]*""#, options: .regularExpression))
    records[k].data = Array(started.replacingCharacters(in: path, with: #""path":"\#(staged)""#).utf8)
    records[k].batchRemaining = 0
    var cancelled = records[k]
    cancelled.seq += 1
    cancelled.type = "account.uploadCancelled"
    cancelled.data = Array(#"{"requestID":12}"#.utf8)
    records.append(cancelled)
    var bytes: [UInt8] = []
    for record in records { EventLine.encode(record, into: &bytes) }
    let log = dir.path + "/cancelled.jsonl"
    try Data(bytes).write(to: URL(fileURLWithPath: log))
    let report = try Rerun.run(logAt: log)
    XCTAssertNil(report.divergence, report.text)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: staged), "the recording's staged upload is not the rerun's")
  }

  /// The rerun types a password of the recorded length; nothing it keeps outlives it.
  func testARerunLeavesNoDirectoryBehind() throws {
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: ScratchDirectory.temporary))
    _ = try Rerun.run(logAt: Self.fixtures + "/login-wrong-password-retry-logout.jsonl")
    let after = Set(try FileManager.default.contentsOfDirectory(atPath: ScratchDirectory.temporary))
    XCTAssertTrue(after.subtracting(before).filter { $0.hasPrefix("gallery-rerun-") }.isEmpty)
  }
}

extension EventLine {
  /// One line's record, for tests that rewrite a fixture.
  static func decode(line: String) throws -> EventRecord {
    var bytes = Array(line.utf8)
    return try bytes.withUnsafeMutableBytes { try EventLine.decode(UnsafeRawBufferPointer($0)) }
  }
}
