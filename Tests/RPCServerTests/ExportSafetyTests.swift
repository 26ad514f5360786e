import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 28, item 4: `export` never loses answered data. It refuses to write its bundle over
/// the log it reads (by any name), over a log a running server holds, or over anything but a
/// regular file; the log is left byte for byte as it was.
final class ExportSafetyTests: XCTestCase {
  func testExportRefusesTheLogItselfALiveLogAndSpecialFiles() throws {
    let server = try RPCProcess()
    _ = server.initialize()
    for n in 0..<5 { server.call(Requests.AuthSetEmail(value: "user\(n)@mail.com")) }
    let log = server.dataDirectory.path + "/events.jsonl"
    let before = try Data(contentsOf: URL(fileURLWithPath: log))
    let other = TemporaryDirectory()
    let alias = other.path + "/alias.jsonl"
    XCTAssertEqual(link(log, alias), 0)
    let fifo = other.path + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    let cases: [(out: String, says: String)] = [
      (log, "is the log being exported"),
      (alias, "is the log being exported"),
      (fifo, "is not a regular file"),
      (other.path, "is not a regular file"),
    ]
    for (out, says) in cases {
      let result = try runGalleryRPC(["export", log, "--out", out])
      XCTAssertEqual(result.status, 1, "\(out): \(result.out)")
      XCTAssertTrue(result.err.contains(says), "\(out): \(result.err)")
    }
    // A bundle of another log written over the live one: refused while the server holds it.
    let elsewhere = TemporaryDirectory()
    let second = elsewhere.path + "/events.jsonl"
    try FileManager.default.copyItem(atPath: log, toPath: second)
    let overLive = try runGalleryRPC(["export", second, "--out", log])
    XCTAssertEqual(overLive.status, 1, overLive.out)
    XCTAssertTrue(overLive.err.contains("a running server holds"), overLive.err)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: log)), before, "the live log is untouched")
    // The server goes on, every answered action still there.
    let version = server.call(Requests.AuthSetEmail(value: "after@mail.com"))["version"]?.int ?? 0
    server.call(Requests.Shutdown())
    server.notify("exit")
    XCTAssertEqual(server.finish(), 0)
    XCTAssertEqual(try Replay.state(ofLogAt: log).login.email.value, "after@mail.com")
    XCTAssertEqual(try LogVerifier.verify(path: log).validPrefixLastSeq, UInt64(version))
    // A regular file nobody holds is replaced by the bundle, whole.
    let fine = try runGalleryRPC(["export", log, "--out", second])
    XCTAssertEqual(fine.status, 0, fine.err)
    XCTAssertEqual(try runGalleryRPC(["verify", second]).status, 0)
  }

  /// Issue 46 (minor): a log holding a newer build's line is left as it is by export too:
  /// exit 3, no bundle (it exited 0 and copied the line).
  func testExportOfANewerBuildsLineExitsThreeAndWritesNothing() throws {
    let dir = TemporaryDirectory()
    let log = dir.path + "/events.jsonl"
    let writer = try EventLog(path: log, options: EventLogOptions(durability: .none))
    try writer.append([NewEvent(type: "settings.languageDetected", data: Array(#"{"language":"en"}"#.utf8))])
    try writer.append([NewEvent(type: "future.feature", data: Array("{}".utf8))])
    try writer.close()
    let out = dir.path + "/report.jsonl"
    let result = try runGalleryRPC(["export", log, "--out", out])
    XCTAssertEqual(result.status, 3, result.err)
    XCTAssertTrue(result.err.contains("newer build"), result.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: out))
  }
}
