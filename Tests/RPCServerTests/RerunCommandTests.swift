import EventStore
import Foundation
import GalleryTesting
import JSON
import XCTest

@testable import GalleryCore
@testable import RPCServer

/// `gallery-rpc rerun` as a user runs it: its report, its exit status, and deliberate changes
/// to this build's decisions (`TestAlteration`, set for the child process only) named at the
/// first seq and event they change.
final class RerunCommandTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("GalleryCoreTests/Fixtures").path
  static let browse = fixtures + "/browse-search-detail-offline.jsonl"
  /// The session over the five apps, as a bundle (`Tools/recordings/full_session.py`).
  static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("GalleryCoreTests/Recordings/full-session.bundle.jsonl").path

  func testTheSameDecisionsExitZeroWithTheirCount() throws {
    let run = try runGalleryRPC(["rerun", Self.browse])
    XCTAssertEqual(run.status, 0, run.err)
    XCTAssertEqual(run.out, "26 events, same decisions\n")
  }

  /// The report for a program: the divergence's seq, both events and the input before it.
  private func divergence(altering alteration: TestAlteration, of log: String = browse) throws
    -> RerunReport.Divergence
  {
    let run = try runGalleryRPC(
      ["rerun", log, "--format", "json"], environment: ["GALLERY_TEST_ALTER": alteration.rawValue])
    XCTAssertEqual(run.status, 1, run.err)
    let report = try JSONCoding.decode(RerunReport.self, from: Array(run.out.utf8))
    return try XCTUnwrap(report.divergence)
  }

  func testAnotherDefaultPageSizeIsNamedAtTheFirstPageAsked() throws {
    let d = try divergence(altering: .pageSizeDefault)
    XCTAssertEqual(d.seq, 5)
    XCTAssertEqual(d.recorded?.type, "feed.loadStarted")
    XCTAssertEqual(number(d.recorded?.data["perPage"]), 20)
    XCTAssertEqual(number(d.made?.data["perPage"]), 30)
    XCTAssertEqual(d.reason, "its data differs: perPage")
    XCTAssertEqual(d.input?.method, "auth/submitLogin, registration/submit")
  }

  func testAnotherDebounceIsNamedAtTheSearchTyped() throws {
    let d = try divergence(altering: .debounceDelay)
    XCTAssertEqual(d.seq, 17)
    XCTAssertEqual(d.recorded?.type, "feed.queryEdited")
    XCTAssertEqual(number(d.made?.data["delayMilliseconds"]), 500)
    XCTAssertEqual(d.input, RerunReport.Input(seq: 17, type: "feed.queryEdited", method: "feed/setQuery"))
  }

  func testAnotherAlbumGroupingIsNamedAtTheAlbumOpened() throws {
    let d = try divergence(altering: .albumGrouping, of: Self.session)
    XCTAssertEqual(d.recorded?.type, "albums.albumOpened")
    XCTAssertEqual(d.reason, "its data differs: section")
    XCTAssertEqual(d.recorded?.data["section"], .string("Zoë Adams"))
    XCTAssertEqual(d.made?.data["section"], .string("T"))
    XCTAssertEqual(d.input?.method, "albums/open")
    XCTAssertEqual(d.seq, d.input?.seq)
  }

  func testAFailureNoLongerRetryableIsNamedAtTheRetryItRefuses() throws {
    let d = try divergence(altering: .retryability, of: Self.session)
    XCTAssertEqual(d.recorded?.type, "feed.imagesRequested")
    XCTAssertNil(d.made)
    XCTAssertTrue(d.reason.hasPrefix("this build refused the input: feed.imageNotRetryable"), d.reason)
    XCTAssertEqual(d.input?.method, "images/prefetch, images/retry")
  }

  func testEveryAlterationIsCaughtByARecording() throws {
    // The page size's default shows where a session starts from nothing (a bundle starts from
    // its base, which holds the recording's settings).
    let caught: [TestAlteration: String] = [
      .pageSizeDefault: Self.browse, .debounceDelay: Self.browse, .albumGrouping: Self.session,
      .retryability: Self.session,
    ]
    XCTAssertEqual(
      Set(caught.keys), Set(TestAlteration.allCases), "a new alteration names its recording here")
    for (alteration, log) in caught {
      let run = try runGalleryRPC(["rerun", log], environment: ["GALLERY_TEST_ALTER": alteration.rawValue])
      XCTAssertEqual(run.status, 1, "\(alteration): \(run.out)")
      XCTAssertEqual(try runGalleryRPC(["rerun", log]).status, 0, "unaltered, \(log) decides the same")
    }
  }

  func testTheTextNamesTheSeqTheEventsAndTheInput() throws {
    let run = try runGalleryRPC(["rerun", Self.browse], environment: ["GALLERY_TEST_ALTER": "debounceDelay"])
    XCTAssertEqual(run.status, 1)
    XCTAssertTrue(run.out.hasPrefix("diverged at seq 17: its data differs: delayMilliseconds\n"), run.out)
    XCTAssertTrue(
      run.out.contains(#"  recorded:   feed.queryEdited {"delayMilliseconds":300,"text":"lake","timerID":4}"#)
    )
    XCTAssertTrue(run.out.contains("  after the input at seq 17: feed.queryEdited (feed/setQuery)"), run.out)
  }

  func testAFileThatIsNoLogExitsTwoAndANewerBuildsLogThree() throws {
    let dir = TemporaryDirectory()
    let junk = dir.path + "/junk.jsonl"
    try Data("not a log\n".utf8).write(to: URL(fileURLWithPath: junk))
    let bad = try runGalleryRPC(["rerun", junk])
    XCTAssertEqual(bad.status, 2, bad.out + bad.err)
    XCTAssertTrue(bad.err.hasPrefix("gallery-rpc rerun: "), bad.err)
    XCTAssertEqual(try runGalleryRPC(["rerun"]).status, 2)
    XCTAssertEqual(try runGalleryRPC(["rerun", Self.browse, "--format", "yaml"]).status, 2)

    let newer = dir.path + "/newer.jsonl"
    let log = try EventLog(path: newer, options: EventLogOptions(durability: .none))
    try log.append([NewEvent(type: "auth.fieldEdited", version: 9, data: Array("{}".utf8))])
    try log.close()
    let undecodable = dir.path + "/undecodable.jsonl"
    let other = try EventLog(path: undecodable, options: EventLogOptions(durability: .none))
    try other.append([NewEvent(type: "auth.fieldEdited", data: Array(#"{"text":12345}"#.utf8))])
    try other.close()
    XCTAssertEqual(try runGalleryRPC(["rerun", undecodable]).status, 2, "a line this build cannot read")
    let run = try runGalleryRPC(["rerun", newer])
    XCTAssertEqual(run.status, 3, run.err)
    XCTAssertTrue(run.err.contains("newer build"), run.err)
  }

  /// A number of a report's data, however the reader held it.
  private func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .integer(let n)?: Double(n)
    case .number(let n)?: n
    default: nil
    }
  }
}

/// Each input's method is one the protocol has: `initialize` or a method of the catalog.
final class EventRoleMethodTests: XCTestCase {
  func testEveryInputNamesMethodsTheCatalogHas() throws {
    let methods = Set(MethodCatalog.all.map(\.name)).union(["initialize"])
    var inputs = 0
    for type in GalleryModules.all.flatMap({ $0.events }) {
      for method in type.inputMethods {
        inputs += 1
        XCTAssertTrue(methods.contains(method), "\(type.type) names \(method)")
      }
    }
    XCTAssertGreaterThan(inputs, 30)
  }
}

/// The demo's walk over every feature, recorded by this build, reruns with the same decisions.
final class RerunDemoTests: XCTestCase {
  func testTheDemosLogDecidesTheSame() throws {
    let dir = TemporaryDirectory()
    let demo = try runGalleryRPC(["demo", "--data-dir", dir.path])
    XCTAssertEqual(demo.status, 0, demo.err)
    let run = try runGalleryRPC(["rerun", dir.path + "/events.jsonl"])
    XCTAssertEqual(run.status, 0, run.out + run.err)
    XCTAssertTrue(run.out.hasSuffix("events, same decisions\n"), run.out)
  }
}
