import Foundation
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// Issue 29, item 10: declared offline (`connectivity/set {"online":false}`), no request
/// goes out, whatever the feature: an upload, a delete, a sign-in and an image not in the
/// cache fail at once with `request.offline` (retryable), and the cache still serves.
final class OfflineTests: XCTestCase {
  func testDeclaredOfflineNothingGoesOutAndTheCacheStillServes() throws {
    let account = SwitchedAccount()
    let p = try InProcessServer(environment: GalleryEnvironment().with { $0.account = account })
    _ = p.initialize()
    p.signInToDemo()
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let keys = p.store.state.feed.items.prefix(2).map(\.key)
    p.call("images/prefetch", #"{"keys":["\#(keys[0])"]}"#)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.feed.items[0].thumbnail.status, .loaded)
    guard case .string(let redirect)? = p.call("account/beginLogin")["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call("account/completeLogin", #"{"redirectURL":"\#(redirect)"}"#)
    p.call("account/loadImages")
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let imageID = try XCTUnwrap(p.store.state.account.images.first?.image.id)

    p.call("connectivity/set", #"{"online":false}"#)
    // The saved first page is shown afresh: its first thumbnail is in the cache, its second not.
    p.call("feed/refresh")
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertTrue(p.store.state.feed.isOfflineCopy)
    XCTAssertEqual(p.store.state.feed.items[0].thumbnail.status, .notRequested)
    p.call("images/prefetch", #"{"keys":["\#(keys[0])","\#(keys[1])"]}"#)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.feed.items[0].thumbnail.status, .loaded, "the cache still serves")
    XCTAssertEqual(p.store.state.feed.items[1].thumbnail.status, .failed)
    XCTAssertEqual(p.store.state.feed.items[1].thumbnail.error?.code, "request.offline")
    XCTAssertEqual(p.store.state.feed.items[1].thumbnail.error?.retryable, true)

    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    p.call("account/upload", #"{"data":"\#(gif.base64EncodedString())","fileName":"cat.gif"}"#)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.account.upload.status, .failed)
    XCTAssertEqual(p.store.state.account.upload.error?.code, "request.offline")
    p.call("account/delete", #"{"id":"\#(imageID)"}"#)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.account.images.first?.image.id, imageID, "the image is back in its place")
    XCTAssertEqual(p.store.state.account.error?.code, "request.offline")
    XCTAssertEqual(account.calls.value, 0, "no upload or delete reached the provider")

    p.call("auth/logout")
    p.call("auth/setEmail", #"{"value":"test@mail.com"}"#)
    p.call("auth/setPassword", #"{"value":"123456"}"#)
    p.call("auth/submitLogin")
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.session.status, .signedOut)
    XCTAssertEqual(p.store.state.login.error?.code, "request.offline")

    // Back online, each goes out again when asked.
    p.call("connectivity/set", #"{"online":true}"#)
    p.call("auth/submitLogin")
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.session.status, .signedIn)
  }
}
