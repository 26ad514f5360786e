import XCTest

@testable import GalleryCore

/// The demo feed's search finds what a user means (issue 45: a newcomer's first search,
/// "cats", found nothing because the tags are singular): any case, any accents, plurals.
final class DemoSearchTests: XCTestCase {
  private func found(_ query: String) async -> [Photo] {
    guard case .success(let page) = await DemoCatalog().page(query: query, page: 1, perPage: 300) else {
      return []
    }
    return page.photos
  }

  func testPluralsCaseAndAccentsFindWhatTheUserMeans() async {
    let cats = await found("cats")
    XCTAssertFalse(cats.isEmpty)
    XCTAssertTrue(cats.allSatisfy { $0.tags.contains("cat") })
    let cat = await found("cat")
    XCTAssertEqual(cats.map(\.key), cat.map(\.key), "the plural finds the same photos")
    let beaches = await found("BEACHES")
    XCTAssertFalse(beaches.isEmpty)
    XCTAssertTrue(beaches.allSatisfy { $0.tags.contains("beach") })
    let skies = await found("skies")
    XCTAssertTrue(!skies.isEmpty && skies.allSatisfy { $0.tags.contains("sky") })
    let elodie = await found("elodie")
    XCTAssertTrue(!elodie.isEmpty && elodie.allSatisfy { $0.author == "Élodie Martin" })
    // Every word counts.
    let both = await found("cats, sunset")
    XCTAssertTrue(both.allSatisfy { $0.tags.contains("cat") && $0.tags.contains("sunset") })
    let none = await found("unicorns")
    XCTAssertEqual(none.count, 0)
  }
}
