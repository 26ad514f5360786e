import XCTest

@testable import GalleryCore

/// The demo data reads as real data would (issue 45): a person shown in both the feed and the
/// albums is spelled the same, and no album is called "city city 3".
final class DemoAlbumsDataTests: XCTestCase {
  func testOwnersAreSpelledAsTheFeedSpellsThemAndTitlesDoNotRepeatAWord() async throws {
    let owners = try await DemoAlbums().users().get().map(\.name)
    for owner in owners {
      XCTAssertEqual(owner.first.map { String($0).uppercased() }, owner.first.map(String.init), owner)
    }
    let shared = Set(owners).intersection(DemoCatalog.authors)
    XCTAssertTrue(shared.contains("Björn Ek"), "\(owners)")
    for album in try await DemoAlbums().albums().get() {
      let words = album.title.split(separator: " ").dropLast()
      XCTAssertEqual(Set(words).count, words.count, album.title)
    }
  }
}
