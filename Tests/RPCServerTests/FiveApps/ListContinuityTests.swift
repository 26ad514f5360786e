import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// A list shown is never broken by what happens beside it: a page size changed in the middle
/// of a list skips and repeats nothing, and a refresh that cannot go out keeps what is shown.
final class ListContinuityTests: XCTestCase {
  /// The Pixabay feed's pages as the farm serves them: `per_page` and `page` asked.
  private func asked(_ app: AppSession) -> [String] {
    app.farm.requests("/api/").map { "\($0.query["page"] ?? "?")x\($0.query["per_page"] ?? "?")" }
  }

  func testChangingThePageSizeMidListContinuesAfterTheLastPhotoShown() throws {
    let app = try AppSession(options: #"{"signIn":"none","settings":{"pageSize":10}}"#)
    XCTAssertEqual(app.count("/feed/items"), 10)
    app.call(Requests.SettingsUpdate(pageSize: 20))
    app.call(Requests.FeedLoadMore())
    app.settle()
    XCTAssertEqual(asked(app).last, "2x10", "the next page is asked at the size the list was shown with")
    // The farm's second page repeats the first page's last photo in place of photo 11.
    let ids = app.feedKeys.compactMap { Int($0.dropFirst("pixabay:".count)) }
    XCTAssertEqual(ids, Array(1...10) + Array(12...20), "no gap, no repeat, in order")
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(asked(app).last, "1x20", "the new size applies from the next refresh")
    XCTAssertEqual(app.count("/feed/items"), 20)
    app.call(Requests.SettingsUpdate(pageSize: 10))
    app.call(Requests.FeedLoadMore())
    app.settle()
    XCTAssertEqual(asked(app).last, "2x20")
    XCTAssertEqual(app.count("/feed/items"), 39, "photos 21–40 follow, not 11–20 again")
  }

  func testARefreshThatCannotGoOutKeepsTheListShownAndSaysItIsNotFresh() throws {
    let app = try AppSession(options: #"{"signIn":"none"}"#)
    app.call(Requests.FeedLoadMore())
    app.settle()
    XCTAssertEqual(app.count("/feed/items"), 39)
    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(
      app.count("/feed/items"), 39, "the 39 photos shown stay; the 20 of the offline copy do not replace them"
    )
    XCTAssertEqual(app.get("/feed/isOfflineCopy"), .bool(false))
    XCTAssertEqual(app.text("/feed/status"), "failed")
    XCTAssertEqual(app.text("/feed/error/code"), "request.offline")
  }
}

/// The search a provider is sent is the typed text with its spaces trimmed and collapsed, for
/// every provider alike, and `/feed/activeQuery` shows that search.
final class SearchQueryTests: XCTestCase {
  func testSpacesAroundAndBetweenWordsAreTrimmedAndCollapsedForEveryProvider() throws {
    for feed in ["pixabay", "pexels"] {
      let app = try AppSession(feed: feed, options: #"{"signIn":"none"}"#)
      let path = feed == "pixabay" ? "/api/" : "/v1/"
      let name = feed == "pixabay" ? "q" : "query"
      let before = app.farm.requests(path).count
      app.call(Requests.FeedSetQuery(text: "   "))
      app.advance(300)
      app.settle()
      XCTAssertEqual(app.text("/feed/activeQuery"), "", feed)
      XCTAssertEqual(app.farm.requests(path).count, before, "\(feed): blanks are no new search")
      app.call(Requests.FeedSetQuery(text: "  red \t  fox "))
      app.advance(300)
      app.settle()
      XCTAssertEqual(app.text("/feed/activeQuery"), "red fox", feed)
      XCTAssertEqual(app.text("/feed/query"), "  red \t  fox ", "\(feed): the field keeps what was typed")
      XCTAssertEqual(app.farm.requests(path).last?.query[name], "red fox", feed)
    }
  }
}
