import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 27: every data directory an earlier build of main left (its log crossed a retention
/// cut, so it starts with that build's `log.base`, and it holds that build's snapshots) opens
/// on this build: `verify` says clean, `replay`, `export`, `repair` and `serve` (with
/// `history/stateAt`) work, and what the user sees is what the old build reported.
/// The fixtures are written by `Tools/upgrade-fixtures/make.sh COMMIT` from real builds.
final class UpgradeTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("GalleryCoreTests/Fixtures/upgrade").path

  /// What the old build reported about its directory (`reported.json`).
  struct Reported {
    var version: Int
    var state: JSONValue
    var baseSeq: Int
    var lastSeq: Int
    var stateAtSeq: Int
    var stateAt: JSONValue

    init(_ path: String) throws {
      let json = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
      version = try XCTUnwrap(json["state"]?["version"]?.int)
      state = try XCTUnwrap(json["state"]?["value"])
      baseSeq = try XCTUnwrap(json["baseSeq"]?.int)
      lastSeq = try XCTUnwrap(json["lastSeq"]?.int)
      stateAtSeq = try XCTUnwrap(json["stateAt"]?["seq"]?.int)
      stateAt = try XCTUnwrap(json["stateAt"]?["result"]?["value"] ?? json["stateAt"]?["result"]?["state"])
    }
  }

  func fixtureNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: Self.fixtures).sorted()
  }

  /// A fresh copy of a fixture's data directory (the log and its snapshots).
  func copy(_ name: String) throws -> TemporaryDirectory {
    let dir = TemporaryDirectory()
    for item in ["events.jsonl", "snapshots"] {
      try FileManager.default.copyItem(
        atPath: Self.fixtures + "/\(name)/\(item)", toPath: dir.path + "/\(item)")
    }
    return dir
  }

  func testEveryOlderBuildsDirectoryVerifiesReplaysExportsAndRepairsAsClean() throws {
    let names = try fixtureNames()
    XCTAssertTrue(
      Set(["79ae5c6", "78074f8", "3253f74", "ae951bc", "ed300d6"]).isSubset(of: names), "\(names)")
    for name in names {
      let reported = try Reported(Self.fixtures + "/\(name)/reported.json")
      let dir = try copy(name)
      let log = dir.path + "/events.jsonl"
      let before = try Data(contentsOf: URL(fileURLWithPath: log))

      let verify = try runGalleryRPC(["verify", log])
      XCTAssertEqual(verify.status, 0, "\(name): \(verify.out)\(verify.err)")
      XCTAssertTrue(
        verify.out.contains("clean: seq \(reported.baseSeq) to \(reported.lastSeq)"), "\(name): \(verify.out)"
      )

      let replay = try runGalleryRPC(["replay", log, "--until", String(reported.version)])
      XCTAssertEqual(replay.status, 0, "\(name): \(replay.err)")
      let replayed = try JSONParser.parse(Array(replay.out.utf8))
      assertShows(replayed, whatWasReported: reported.state, "\(name) replay")

      let bundle = dir.path + "/bundle.jsonl"
      let export = try runGalleryRPC(["export", log, "--from", String(reported.baseSeq + 1), "--out", bundle])
      XCTAssertEqual(export.status, 0, "\(name): \(export.err)")
      XCTAssertEqual(try runGalleryRPC(["verify", bundle]).status, 0, name)
      XCTAssertEqual(
        try runGalleryRPC(["replay", bundle]).out, try runGalleryRPC(["replay", log]).out,
        "\(name): the bundle replays to the log's state")

      let repair = try runGalleryRPC(["repair", log])
      XCTAssertEqual(repair.status, 0, "\(name): \(repair.err)")
      XCTAssertTrue(repair.out.contains("clean, nothing to repair"), "\(name): \(repair.out)")
      XCTAssertEqual(
        try Data(contentsOf: URL(fileURLWithPath: log)), before, "\(name): repair changed nothing")
    }
  }

  func testEveryOlderBuildsDirectoryServesWithItsHistoryAndSnapshots() throws {
    for name in try fixtureNames() {
      let reported = try Reported(Self.fixtures + "/\(name)/reported.json")
      let server = try RPCProcess(dataDirectory: try copy(name))
      _ = server.initialize()
      let at = server.call(Requests.HistoryStateAt(seq: reported.stateAtSeq))
      assertShows(at["value"] ?? .null, whatWasReported: reported.stateAt, "\(name) history/stateAt")
      let session = server.call(Requests.StateGet(pointer: "/session"))["value"]
      XCTAssertEqual(session, reported.state["session"], name)
      let language = server.call(Requests.StateGet(pointer: "/settings/language"))["value"]
      XCTAssertEqual(language, reported.state["settings"]?["language"], name)
      let before = server.error(Requests.HistoryStateAt(seq: reported.baseSeq - 1))
      XCTAssertEqual(before["code"], .number(-32602), "\(name): before the retained history")
      server.call(Requests.Shutdown())
      server.notify("exit")
      XCTAssertEqual(server.finish(), 0, name)
      let stderr = server.errorOutput
      XCTAssertFalse(stderr.contains("skipped snapshot"), "\(name): an old snapshot was not used: \(stderr)")
      XCTAssertFalse(stderr.contains("[error]"), "\(name): \(stderr)")
    }
  }

  /// Every member the old build showed is shown the same now. Four changes since, all by
  /// design: albums sections held whole cards before they held ids (`albumIds`, the same
  /// albums), bookkeeping members (`AppState.coreOnlyMembers`) were shown before they were hidden,
  /// `/albums/all` was a list before it was keyed by id (state format 2), and the open
  /// favorite was `/favorite` before it was `/favorites/open` (state format 3).
  func assertShows(_ now: JSONValue, whatWasReported old: JSONValue, _ what: String, path: String = "") {
    switch old {
    case .object(var members):
      if path.isEmpty, let open = members.removeValue(forKey: "favorite") {
        guard case .object(var favorites)? = members["favorites"] else {
          return XCTFail("\(what): an open favorite without /favorites")
        }
        favorites["open"] = open
        members["favorites"] = .object(favorites)
      }
      if members["albumIds"] == nil, case .array(let cards)? = members["albums"], path.contains("/sections/")
      {
        members["albumIds"] = .array(cards.compactMap { $0["id"] })
        members["albums"] = nil
      }
      guard case .object(let current) = now else { return XCTFail("\(what): \(path) is no longer an object") }
      for (key, value) in members where !AppState.coreOnlyMembers.contains(key) {
        guard let mine = current[key] else {
          XCTFail("\(what): \(path)/\(key) is gone")
          continue
        }
        assertShows(mine, whatWasReported: value, what, path: path + "/" + key)
      }
    case .array(let cards) where path.hasSuffix("/albums/all"):
      // State format 2 keys the cards by id; format 1 listed them in id order.
      var keyed: [String: JSONValue] = [:]
      for card in cards { if let id = card["id"]?.exactInteger { keyed[String(id)] = card } }
      assertShows(now, whatWasReported: .object(keyed), what, path: path)
    case .array(let items):
      guard case .array(let current) = now, current.count == items.count else {
        return XCTFail("\(what): \(path) has \(now.array?.count ?? -1) items, was \(items.count)")
      }
      for (i, item) in items.enumerated() {
        assertShows(current[i], whatWasReported: item, what, path: "\(path)/\(i)")
      }
    default:
      XCTAssertEqual(now, old, "\(what): \(path)")
    }
  }
}
