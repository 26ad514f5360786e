import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The images of every screen under their own names (`images/*`), the `feed/*` names kept
/// as aliases, and the keys no screen shows listed instead of skipped in silence.
final class ImageMethodsTests: XCTestCase {
  func testPrefetchAndCancelListTheKeysNoScreenShowsUnderBothNames() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let key = try XCTUnwrap(p.store.state.feed.items.first?.key)

    let asked = p.call(Requests.ImagesPrefetch(keys: [key, "nope:1", "album:999"]))
    XCTAssertEqual(asked["unknown"], .array([.string("nope:1"), .string("album:999")]))
    XCTAssertEqual(asked["events"]?.array?.first?["type"], .string("feed.imagesRequested"))
    let again = p.call(Requests.FeedPrefetch(keys: [key, "nope:2"]))
    XCTAssertEqual(again["unknown"], .array([.string("nope:2")]), "the old name answers the same")
    XCTAssertEqual(again["events"], .array([]), "already requested: nothing recorded")
    let cancelled = p.call(Requests.ImagesCancel(keys: ["nope:3"]))
    XCTAssertEqual(cancelled["unknown"], .array([.string("nope:3")]))
    XCTAssertEqual(p.error(Requests.ImagesRetry(key: "nope:4"))["data"]?["code"], .string("feed.unknownKey"))
  }
}

/// `feed/loadMore` says why it did nothing.
final class LoadMoreReasonTests: XCTestCase {
  func testAnEmptyLoadMoreSaysWhy() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    XCTAssertEqual(p.call(Requests.FeedLoadMore())["reason"], .string("notLoaded"), "signed out: no page yet")
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    var reason: JSONValue?
    for _ in 0..<100 where reason == nil {
      let answer = p.call(Requests.FeedLoadMore())
      XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
      reason = answer["reason"]
      if reason == nil { XCTAssertFalse(answer["events"]?.array?.isEmpty ?? true, "a page load") }
    }
    XCTAssertEqual(reason, .string("noMore"), "the demo catalog's last page")
    // Offline with no list shown: the offline copy, which has no pages.
    let copy = try InProcessServer.showingOfflineCopy(of: p.dataDirectory)
    XCTAssertEqual(copy.store.state.feed.isOfflineCopy, true)
    XCTAssertEqual(copy.call(Requests.FeedLoadMore())["reason"], .string("offlineCopy"))
  }

  func testALoadMoreWhileAPageIsInFlightSaysLoading() throws {
    // A Pixabay that holds page 2 until the test has seen the second loadMore answered.
    let release = DispatchSemaphore(value: 0)
    let server = try FakeHTTPServer { request in
      let page = Int(request.query["page"] ?? "1") ?? 1
      if page == 2 { _ = release.wait(timeout: .now() + 10) }
      let hits = (1...20).map { n in
        let id = (page - 1) * 20 + n
        return
          #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"t","previewURL":"http://127.0.0.1:9/\#(id).png","webformatURL":"http://127.0.0.1:9/\#(id)w.png","largeImageURL":"http://127.0.0.1:9/\#(id)l.png","imageWidth":640,"imageHeight":480,"likes":1,"user":"u","user_id":1,"userImageURL":""}"#
      }
      return .json(#"{"total":100,"totalHits":100,"hits":[\#(hits.joined(separator: ","))]}"#)
    }
    defer { server.stop() }
    let feed = PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
    let p = try InProcessServer(environment: GalleryEnvironment(feed: feed))
    _ = p.initialize()
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.feed.items.count, 20)
    XCTAssertFalse(p.call(Requests.FeedLoadMore())["events"]?.array?.isEmpty ?? true, "page 2 requested")
    XCTAssertEqual(p.call(Requests.FeedLoadMore())["reason"], .string("loading"))
    release.signal()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.feed.items.count, 40)
  }
}
