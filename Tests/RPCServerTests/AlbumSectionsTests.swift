import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// Issue 18 item 14: sections name albums by id, so the cards live once (`/albums/all`) and a
/// preview's change is patched once. Issue 29 item 15: `/albums/all` is keyed by id, so a
/// section's id is the card's pointer.
final class AlbumSectionsTests: XCTestCase {
  func testSectionsHoldIdsAndAPreviewIsPatchedOnce() throws {
    let server = try InProcessServer()
    _ = server.call("initialize", #"{"initializationOptions":{"signIn":"none","home":"albums"}}"#)
    server.store.waitUntilIdle()
    let sections = try XCTUnwrap(server.call(Requests.StateGet(pointer: "/albums/sections"))["value"]?.array)
    XCTAssertFalse(sections.isEmpty)
    let ids = sections.flatMap { $0["albumIds"]?.array ?? [] }
    XCTAssertEqual(ids.count, 24, "every demo album, once, by id")
    XCTAssertNil(sections[0]["albums"], "no card is repeated in a section")
    for case .number(let id) in ids {
      let card = server.call(Requests.StateGet(pointer: "/albums/all/\(Int(id))"))["value"]
      XCTAssertEqual(card?["id"], .number(id), "a section's id \(id) is its card's key in /albums/all")
    }
    guard case .object(let all)? = server.call(Requests.StateGet(pointer: "/albums/all"))["value"] else {
      return XCTFail("/albums/all is an object keyed by id")
    }
    XCTAssertEqual(Set(all.keys), Set((1...24).map(String.init)))

    let (notes, _) = server.response(to: server.request(Requests.ImagesPrefetch(keys: ["album:1"])))
    var paths = notes.flatMap { $0["params"]?["patch"]?.array ?? [] }.compactMap { $0["path"]?.string }
    // The download's own changes are published as they are recorded, before any later answer.
    server.store.waitUntilIdle()
    let (later, _) = server.response(to: server.request(Requests.StateGet(pointer: "/albums/status")))
    paths += later.flatMap { $0["params"]?["patch"]?.array ?? [] }.compactMap { $0["path"]?.string }
    let previewPaths = paths.filter { $0.contains("preview") }
    XCTAssertFalse(previewPaths.isEmpty)
    XCTAssertTrue(previewPaths.allSatisfy { $0.hasPrefix("/albums/all/1/") }, "\(previewPaths)")
  }

  /// State format 1 (until 2026-11-25) listed the cards; it opens keyed by id, first of an id kept.
  func testAFormat1ListOfCardsOpensKeyedById() throws {
    func card(_ id: Int, _ title: String) -> String {
      #"{"key":"album:\#(id)","id":\#(id),"title":"\#(title)","owner":null,"preview":{"status":"notRequested"},"previewURL":null}"#
    }
    let v1 =
      #"{"albums":{"status":"loaded","all":[\#(card(9, "nine")),\#(card(2, "two")),\#(card(9, "again"))]}}"#
    let state = try StateFormat.decode(Array(v1.utf8), version: 1)
    XCTAssertEqual(state.albums.all.map(\.id), [2, 9])
    XCTAssertEqual(state.albums.all[id: 9]?.title, "nine")
    let written = try JSONValueEncoder().encode(state)
    guard case .object(let all)? = written["albums"]?["all"] else { return XCTFail("not keyed: \(written)") }
    XCTAssertEqual(all.keys.sorted(), ["2", "9"])
    XCTAssertThrowsError(try StateFormat.decode(Array(v1.utf8), version: 3))
  }

  func testASnapshotWithCardsInItsSectionsStillReads() throws {
    let old =
      #"{"title":"Ana","albums":[{"key":"album:3","id":3,"title":"t","owner":"Ana","preview":{"status":"notRequested","path":null,"error":null},"previewURL":null}]}"#
    let section = try JSONDecoder().decode(AlbumSection.self, from: Data(old.utf8))
    XCTAssertEqual(section, AlbumSection(title: "Ana", albumIds: [3]))
  }
}
