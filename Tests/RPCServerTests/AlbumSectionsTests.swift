import Foundation
import GalleryCore
import XCTest

/// Issue 18 item 14: sections name albums by id, so the cards live once (`/albums/all`) and a
/// preview's change is patched once.
final class AlbumSectionsTests: XCTestCase {
  func testSectionsHoldIdsAndAPreviewIsPatchedOnce() throws {
    let server = try InProcessServer()
    _ = server.call("initialize", #"{"initializationOptions":{"signIn":"none","home":"albums"}}"#)
    server.store.waitUntilIdle()
    let sections = try XCTUnwrap(server.call("state/get", #"{"pointer":"/albums/sections"}"#)["value"]?.array)
    XCTAssertFalse(sections.isEmpty)
    let ids = sections.flatMap { $0["albumIds"]?.array ?? [] }
    XCTAssertEqual(ids.count, 24, "every demo album, once, by id")
    XCTAssertNil(sections[0]["albums"], "no card is repeated in a section")

    let (notes, _) = server.response(to: server.request("images/prefetch", #"{"keys":["album:1"]}"#))
    var paths = notes.flatMap { $0["params"]?["patch"]?.array ?? [] }.compactMap { $0["path"]?.string }
    // The download's own changes are published as they are recorded, before any later answer.
    server.store.waitUntilIdle()
    let (later, _) = server.response(to: server.request("state/get", #"{"pointer":"/albums/status"}"#))
    paths += later.flatMap { $0["params"]?["patch"]?.array ?? [] }.compactMap { $0["path"]?.string }
    let previewPaths = paths.filter { $0.contains("preview") }
    XCTAssertFalse(previewPaths.isEmpty)
    XCTAssertTrue(previewPaths.allSatisfy { $0.hasPrefix("/albums/all/0/") }, "\(previewPaths)")
  }

  func testASnapshotWithCardsInItsSectionsStillReads() throws {
    let old =
      #"{"title":"Ana","albums":[{"key":"album:3","id":3,"title":"t","owner":"Ana","preview":{"status":"notRequested","path":null,"error":null},"previewURL":null}]}"#
    let section = try JSONDecoder().decode(AlbumSection.self, from: Data(old.utf8))
    XCTAssertEqual(section, AlbumSection(title: "Ana", albumIds: [3]))
  }
}
