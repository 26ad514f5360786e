import Foundation
import GalleryClient
import XCTest

@testable import GalleryCore

/// A server's wait is read in every form it is sent: `Retry-After` as seconds or as an HTTP
/// date, and Pexels' `X-Ratelimit-Reset` as an epoch time. The wait shows in `/rateLimited`
/// and holds the next request back until it is over.
final class WaitReadingTests: XCTestCase {
  func testARetryAfterDateIsAWaitUntilThatDate() throws {
    let app = try AppSession(options: #"{"signIn":"none"}"#)
    app.farm.faults.mutate { $0.insert("pixabay429date") }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/error/code"), "request.rateLimited")
    XCTAssertEqual(app.get("/feed/error/args/seconds"), .string("120"), "two minutes, read from the date")
    XCTAssertNotNil(app.text("/rateLimited/feed/until"))
    let sent = app.farm.requests("/api/").count
    XCTAssertEqual(app.refusal(Requests.FeedRefresh())["code"], .string("request.retryTooSoon"))
    XCTAssertEqual(app.farm.requests("/api/").count, sent, "the next refresh waits")
    app.farm.faults.mutate { $0.remove("pixabay429date") }
    app.advance(120_000)
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/status"), "loaded")
  }

  func testPexelsOwnResetTimeIsAWaitUntilThatTime() throws {
    let app = try AppSession(feed: "pexels", options: #"{"signIn":"none"}"#)
    app.farm.faults.mutate { $0.insert("pexels429reset") }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/error/code"), "request.rateLimited")
    XCTAssertEqual(app.get("/feed/error/args/seconds"), .string("90"))
    XCTAssertNotNil(app.text("/rateLimited/feed/until"))
    XCTAssertEqual(app.refusal(Requests.FeedRefresh())["code"], .string("request.retryTooSoon"))
  }

  /// Every form RFC 9110 lets a server send; a date past or decades ahead is bounded as
  /// seconds are (no wait; a day).
  func testEveryHTTPDateFormIsReadAndWaitsAreBounded() {
    let now: Int64 = 784_111_777  // Sun, 06 Nov 1994 08:49:37 GMT
    for date in [
      "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
    ] {
      XCTAssertEqual(HTTPStatus.retryAfter(["retry-after": date], now: now - 30), 30, date)
    }
    XCTAssertEqual(HTTPStatus.retryAfter(["retry-after": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now + 600), 0)
    XCTAssertEqual(HTTPStatus.retryAfter(["retry-after": "Fri, 31 Dec 9999 23:59:59 GMT"], now: now), 86_400)
    XCTAssertEqual(HTTPStatus.retryAfter(["retry-after": "99999999"], now: now), 86_400)
    XCTAssertNil(HTTPStatus.retryAfter(["retry-after": "soon"], now: now))
    XCTAssertNil(HTTPStatus.retryAfter(["retry-after": "Sun, 32 Nov 1994 08:49:37 GMT"], now: now))
    XCTAssertEqual(
      HTTPStatus.retryAfter(
        ["x-ratelimit-reset": String(2_014_879_777 + 45), "x-ratelimit-remaining": "0"], now: 2_014_879_777),
      45)
  }
}
