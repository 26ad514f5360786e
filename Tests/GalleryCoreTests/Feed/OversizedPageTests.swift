import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// A provider that answers with far more than was asked: the page is cut to the size asked
/// for, and a result that cannot be recorded still ends its load as a failure to retry.
final class OversizedPageTests: XCTestCase {
  private func pixabay(hits: Int) throws -> FakeHTTPServer {
    try FakeHTTPServer { request in
      guard request.path == "/api/" else { return FakeHTTPServer.Response(status: 404) }
      let items = (1...hits).map { id in
        #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"a, b","previewURL":"http://127.0.0.1:9/\#(id).png","webformatURL":"http://127.0.0.1:9/\#(id)w.png","largeImageURL":"http://127.0.0.1:9/\#(id)l.png","imageWidth":640,"imageHeight":480,"likes":\#(id),"user":"u\#(id)","user_id":\#(id)}"#
      }
      return .json(#"{"total":\#(hits),"totalHits":\#(hits),"hits":[\#(items.joined(separator: ","))]}"#)
    }
  }

  private func openStore(_ dir: TemporaryDirectory, _ server: FakeHTTPServer, maxEventBytes: Int = 16 << 20)
    throws
    -> Store
  {
    let provider = PixabayProvider(baseURL: server.baseURL, apiKey: "key", http: DefaultHTTPClient.make())
    var options = Store.Options(durability: .none)
    options.maxEventBytes = maxEventBytes
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(feed: provider), options: options)
    store.waitUntilIdle()
    return store
  }

  func testAPageOfThousandsOfHitsIsCutToThePageSizeAskedFor() throws {
    let server = try pixabay(hits: 4500)
    let dir = TemporaryDirectory()
    let store = try openStore(dir, server)
    try store.signInToDemo()
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .loaded, "\(String(describing: store.state.feed.error))")
    XCTAssertEqual(store.state.feed.items.count, store.state.settings.pageSize)
  }

  func testAResultTooLargeToRecordEndsTheLoadAsAFailureToRetry() throws {
    let server = try pixabay(hits: 200)
    let dir = TemporaryDirectory()
    let store = try openStore(dir, server, maxEventBytes: 2000)
    try store.signInToDemo()
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed, "the load does not stay loading")
    XCTAssertEqual(store.state.feed.error?.code, "request.tooLarge")
    XCTAssertEqual(store.state.feed.error?.retryable, true)
    XCTAssertEqual(store.state.feed.error?.message, "The server's answer was too large: the limit is 2 KB.")
    try store.send(.feed(.refresh))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed, "a refresh ends the same way, never spinning")
  }
}
