import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// Clients see a view of the state: the core's bookkeeping (request ids, timers, pending
/// loads) stays out of `state/get` and `state/changed`, while snapshots keep the model.
final class StateViewTests: XCTestCase {
  func testAKeystrokePatchesOnlyWhatTheUserSeesAndBookkeepingIsNotAPath() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    // A sign-in takes request ids; the feed load that follows takes another.
    p.signInToDemo()
    XCTAssertEqual(p.store.waitUntilIdle(timeout: 10), true)
    XCTAssertGreaterThan(p.store.state.nextRequestID, 1, "the model counts its requests")
    // Its answer comes after every patch up to now: what follows is the keystroke's alone.
    p.call(Requests.StateGet(pointer: "/session/status"))
    let (notes, _) = p.response(to: p.request(Requests.FeedSetQuery(text: "c")))
    let paths = notes.filter { $0["method"] == .string("state/changed") }
      .flatMap { $0["params"]?["patch"]?.array ?? [] }.compactMap { $0["path"]?.string }
    XCTAssertEqual(paths, ["/feed/query"], "a keystroke patches the field it typed into, nothing else")
    let whole = try XCTUnwrap(p.call(Requests.StateGet())["value"])
    let text = String(decoding: JSONWriter.bytes(whole), as: UTF8.self)
    for hidden in AppState.coreOnlyMembers { XCTAssertFalse(text.contains("\"\(hidden)\""), hidden) }
    let error = p.error(Requests.StateGet(pointer: "/nextRequestID"))
    XCTAssertEqual(error["code"], .number(-32602))
    p.store.saveSnapshot()
    let snapshots = try FileManager.default.contentsOfDirectory(atPath: p.dataDirectory.path + "/snapshots")
    let newest = try XCTUnwrap(snapshots.sorted().last)
    let saved = try XCTUnwrap(
      FileManager.default.contents(atPath: p.dataDirectory.path + "/snapshots/" + newest))
    XCTAssertTrue(
      String(decoding: saved, as: UTF8.self).contains("nextRequestID"), "the snapshot keeps the model")
  }
}
