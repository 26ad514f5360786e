import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// `serve --inspect FILE` and the history methods the inspector reads: a log or a bundle served
/// read-only from a copy (no action, no effect, the file untouched), the state at any seq from
/// the nearest kept state, and the events that set a part of the state.
final class InspectTests: XCTestCase {
  /// A demo session's log: sign-in, searches, a detail, sign-out.
  func sessionLog(_ dir: TemporaryDirectory) throws -> String {
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none))
    try store.signInToDemo()
    for text in ["l", "la", "lak", "lake"] { try store.send(.feed(.setQuery(text))) }
    store.waitUntilIdle()
    try store.send(.feed(.openDetail(store.state.feed.items[0].key)))
    try store.send(.feed(.closeDetail))
    try store.send(.auth(.logout))
    store.waitUntilIdle()
    try store.close()
    return dir.path + "/events.jsonl"
  }

  func testABundleIsServedReadOnlyFromACopyAndTellsWhatSetAPointer() throws {
    let dir = TemporaryDirectory()
    let log = try sessionLog(dir)
    let bundle = dir.path + "/report.jsonl"
    let summary = try LogBundle.export(
      log: log, range: .init(from: 3), out: bundle, build: "t", protocolVersion: "1.0", now: 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: bundle))

    let p = try RPCProcess(extra: ["--inspect", bundle])
    let capabilities = p.initialize()["capabilities"]
    XCTAssertEqual(capabilities?["readOnly"], .bool(true))
    XCTAssertEqual(p.error(Requests.AuthLogout())["data"]?["code"], .string("history.readOnly"))
    XCTAssertEqual(p.error(Requests.FeedRefresh())["data"]?["code"], .string("history.readOnly"))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/session/status"))["value"], .string("signedOut"),
      "the state at the bundle's end")
    let atSignIn = try Replay.state(ofLogAt: log, through: 6)
    XCTAssertEqual(
      p.call(Requests.HistoryStateAt(seq: 6, pointer: "/route"))["value"],
      try JSONValue(encoding: atSignIn.route))

    let changes = p.call(Requests.HistoryChanges(pointer: "/feed/query"))
    let types = changes["changes"]?.array?.compactMap { $0["type"]?.string }
    XCTAssertEqual(types, Array(repeating: "feed.queryEdited", count: 4), "four keystrokes set the query")
    XCTAssertEqual(changes["from"], .number(Double(summary.from)), "the bundle's first event")
    let limited = p.call(Requests.HistoryChanges(pointer: "/route", limit: 1))["changes"]?.array
    XCTAssertEqual(limited?.count, 1)
    XCTAssertEqual(p.error(Requests.HistoryChanges(pointer: "nope"))["code"], .number(-32602))
    // Issue 28, minor 6: `~` only as ~0 or ~1, in every method that takes a pointer.
    for method in ["history/changes", "state/get"] {
      for bad in ["/~9", "/feed/~", "/a~2b"] {
        let error = p.error(method, #"{"pointer":"\#(bad)"}"#)
        XCTAssertEqual(error["code"], .number(-32602), "\(method) \(bad)")
        XCTAssertTrue(error["data"]?.string?.contains("~") == true, "\(method) \(bad): \(error)")
      }
    }
    let past = p.error("history/changes", #"{"pointer":"/route","from":9007199254740993}"#)
    XCTAssertEqual(past["code"], .number(-32602), "a start past 2^53 is refused, not rounded")
    XCTAssertTrue(past["data"]?.string?.contains("9007199254740993") == true, "\(past)")
    p.call(Requests.Shutdown())
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bundle)), before, "the file is never written")
  }

  func testABundleFromTheFirstEventStartsFromItsBaseAtSeqZero() throws {
    let dir = TemporaryDirectory()
    let log = try sessionLog(dir)
    let bundle = dir.path + "/whole.jsonl"
    _ = try LogBundle.export(
      log: log, range: .init(), out: bundle, build: "t", protocolVersion: "1.0", now: 0)
    let p = try RPCProcess(extra: ["--inspect", bundle])
    _ = p.initialize()
    let changes = p.call(Requests.HistoryChanges(pointer: "/session/status"))
    XCTAssertEqual(changes["from"], .number(1))
    XCTAssertEqual(
      changes["changes"]?.array?.compactMap { $0["type"]?.string },
      ["auth.submitted", "auth.succeeded", "auth.signedOut"], "the base at seq 0 is the start, not a change")
    XCTAssertEqual(
      p.call(Requests.HistoryStateAt(seq: 0, pointer: "/session/status"))["value"], .string("signedOut"))
  }

  /// Issue 28, minor 2: --inspect takes a regular file only (a directory was copied whole, a
  /// FIFO hung), and a copy whose process died is swept by the next inspector.
  func testInspectTakesRegularFilesOnlyAndSweepsCopiesOfDeadProcesses() throws {
    let dir = TemporaryDirectory()
    let fifo = dir.path + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    for target in [dir.path, fifo] {
      let result = try runGalleryRPC(["serve", "--inspect", target])
      XCTAssertEqual(result.status, 1, target)
      XCTAssertTrue(result.err.contains("is not a regular file"), result.err)
    }
    // A copy left by a process that is gone: a child that has exited.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/true")
    try child.run()
    XCTAssertNotNil(child.exitStatus())
    let stale = NSTemporaryDirectory() + "/gallery-inspect-\(child.processIdentifier)-left-by-a-crash"
    try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: true)
    XCTAssertTrue(FileManager.default.createFile(atPath: stale + "/events.jsonl", contents: Data("x".utf8)))
    let mine = NSTemporaryDirectory() + "/gallery-inspect-\(getpid())-a-live-one"
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: mine) }
    let log = dir.path + "/events.jsonl"
    do {
      let store = try Store(dataDirectory: dir.path, options: .init(durability: .none))
      try store.send(.auth(.setEmail(.login, "a@b.c")))
      try store.close()
    }
    let inspected = try runGalleryRPC(["serve", "--inspect", log])
    XCTAssertTrue(inspected.err.contains("serving"), inspected.err)
    XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "the dead process's copy was swept")
    XCTAssertTrue(FileManager.default.fileExists(atPath: mine), "a live process's copy stays")
  }

  /// Issue 46 (minor): `gallery-web --inspect` leaves no `gallery-web-inspect-*` directory when
  /// the core refuses the file, and sweeps one whose bridge was killed.
  func testTheWebInspectorLeavesNoDirectoryBehind() throws {
    let temporary = TemporaryDirectory()
    // A bridge killed before: its directory, named with a pid that is gone.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/true")
    try child.run()
    XCTAssertNotNil(child.exitStatus())
    let stale = temporary.path + "/gallery-web-inspect-\(child.processIdentifier)-killed"
    try FileManager.default.createDirectory(atPath: stale + "/cache", withIntermediateDirectories: true)
    // A file the core refuses: a newer build's log.
    let log = temporary.path + "/newer.jsonl"
    let writer = try EventLog(path: log, options: EventLogOptions(durability: .none))
    try writer.append([NewEvent(type: "future.feature", data: Array("{}".utf8))])
    try writer.close()
    let bridge = Process()
    bridge.executableURL = RPCProcess.binary.deletingLastPathComponent().appendingPathComponent("gallery-web")
    bridge.arguments = ["--port", "0", "--inspect", log]
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    bridge.environment = environment
    bridge.standardOutput = FileHandle.nullDevice
    bridge.standardError = FileHandle.nullDevice
    try bridge.run()
    XCTAssertNotNil(bridge.exitStatus(within: 60), "the bridge stops when the core refuses the file")
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter {
      $0.hasPrefix("gallery-web-inspect-")
    }
    XCTAssertEqual(left, [], "nothing left: neither the killed bridge's nor this one's")
  }

  /// Issue 45, item 5: the inspector's refusal speaks the recorded session's language.
  func testTheReadOnlyRefusalIsInTheSessionsLanguage() throws {
    let dir = TemporaryDirectory()
    do {
      let store = try Store(dataDirectory: dir.path, options: .init(durability: .none))
      var change = SettingsChange()
      change.language = "es"
      try store.send(.settings(.update(change)))
      try store.close()
    }
    let p = try RPCProcess(extra: ["--inspect", dir.path + "/events.jsonl"])
    p.call("initialize")
    let refused = p.error(Requests.AuthSetEmail(value: "a@b.c"))
    XCTAssertEqual(refused["data"]?["code"], .string("history.readOnly"))
    XCTAssertEqual(
      refused["data"]?["message"], .string(MessageCatalog.text("history.readOnly", [:], in: .es)))
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }
}
