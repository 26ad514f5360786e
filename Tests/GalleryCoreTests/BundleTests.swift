import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 19 part 1: a bug-report bundle is the state before a range and the range's events, in
/// the log's own format: it verifies like a log, replays to the state the log had at the
/// range's end, and logs written by earlier builds export too.
final class BundleTests: XCTestCase {
  static let legacy = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/legacy").path

  func export(_ log: String, _ range: LogBundle.Range, _ dir: TemporaryDirectory) throws -> (
    String, LogBundle.Summary
  ) {
    let out = dir.path + "/bundle.jsonl"
    let summary = try LogBundle.export(
      log: log, range: range, out: out, build: "test", protocolVersion: "1.0", now: 1_795_000_000_000)
    return (out, summary)
  }

  func testABundleOfAnOlderBuildsLogReplaysToTheLogsStateAtItsEnd() throws {
    let dir = TemporaryDirectory()
    let log = Self.legacy + "/before-original-url-browse-search-detail-offline.jsonl"
    let total = try LogCursorEvents.types(log).count
    for (from, to) in [(1, 4), (5, UInt64(total)), (9, 12)] as [(UInt64, UInt64)] {
      let (bundle, summary) = try export(log, .init(from: from, to: to), dir)
      XCTAssertTrue(try LogVerifier.verify(path: bundle).isClean, "a bundle verifies like a log")
      XCTAssertEqual(
        try Replay.state(ofLogAt: bundle), try Replay.state(ofLogAt: log, through: summary.to),
        "seq \(from) to \(to)")
      // The events are the log's own lines, byte for byte.
      let logLines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      let bundleLines = try String(contentsOfFile: bundle, encoding: .utf8).split(separator: "\n")
      XCTAssertEqual(Array(bundleLines.dropFirst()), Array(logLines[Int(summary.from - 1)..<Int(summary.to)]))
      let base = try XCTUnwrap(bundleLines.first)
      XCTAssertTrue(base.contains(#""type":"log.base""#))
      XCTAssertTrue(base.hasPrefix(#"{"seq":\#(summary.from - 1),"#), String(base.prefix(40)))
      XCTAssertTrue(base.contains(#""bundle":{"build":"test""#), "what wrote it")
    }
  }

  /// A bundle is streamed through a temp file of its own: past its byte bound nothing is
  /// written and no temp file stays; a file of the user's named like the old temp file
  /// (`OUT.partial`) is never touched; a new-only export never replaces a file.
  func testABundlePastItsBoundIsNotWrittenAndNoFileOfTheUsersIsTouched() throws {
    let dir = TemporaryDirectory()
    let log = Self.legacy + "/before-original-url-browse-search-detail-offline.jsonl"
    let out = dir.path + "/bundle.jsonl"
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + ".partial"))
    XCTAssertThrowsError(
      try LogBundle.export(
        log: log, range: .init(), out: out, build: "t", protocolVersion: "1", now: 0, maxBytes: 2000)
    ) { error in XCTAssertTrue("\(error)".contains("bound of 2000 bytes"), "\(error)") }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["bundle.jsonl.partial"])
    let summary = try LogBundle.export(
      log: log, range: .init(), out: out, build: "t", protocolVersion: "1", now: 0, replacing: false)
    XCTAssertEqual(summary.bytes, Int64(try Data(contentsOf: URL(fileURLWithPath: out)).count))
    XCTAssertEqual(try String(contentsOfFile: out + ".partial", encoding: .utf8), "mine")
    XCTAssertThrowsError(
      try LogBundle.export(
        log: log, range: .init(), out: out, build: "t", protocolVersion: "1", now: 0, replacing: false))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(),
      ["bundle.jsonl", "bundle.jsonl.partial"])
  }

  func testARangeGrowsToTheEdgesOfAnAtomicBatchAndSinceCountsBackFromTheNewest() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none))
    try store.signInToDemo()
    try store.send(.auth(.logout))  // two events in one batch: signed out, screens closed
    let outcome = store.version
    try store.close()
    let log = dir.path + "/events.jsonl"
    let (bundle, summary) = try export(log, .init(from: outcome, to: outcome), dir)
    XCTAssertEqual(summary.from, outcome - 1, "the batch's first line comes too")
    XCTAssertTrue(try LogVerifier.verify(path: bundle).isClean)
    XCTAssertEqual(try Replay.state(ofLogAt: bundle), try Replay.state(ofLogAt: log))

    let recent = try export(log, .init(sinceMillis: 24 * 3_600_000), dir).1
    XCTAssertEqual(recent.from, 1, "everything is newer than a day")
    XCTAssertEqual(recent.to, outcome)
    XCTAssertThrowsError(try export(log, .init(from: outcome + 1), dir)) { error in
      XCTAssertTrue("\(error)".contains("outside the log"), "\(error)")
    }
    XCTAssertThrowsError(try export(log, .init(from: 3, to: 2), dir))
  }
}
