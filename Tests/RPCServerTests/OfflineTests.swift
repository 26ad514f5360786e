import Foundation
import GalleryClient
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
    p.call(Requests.ImagesPrefetch(keys: [keys[0]]))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.feed.items[0].thumbnail.status, .loaded)
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    p.call(Requests.AccountLoadImages())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let imageID = try XCTUnwrap(p.store.state.account.images.first?.image.id)

    p.call(Requests.ConnectivitySet(online: false))
    // A refresh keeps the list shown (its failure says it is not fresh).
    p.call(Requests.FeedRefresh())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertFalse(p.store.state.feed.isOfflineCopy)
    XCTAssertEqual(p.store.state.feed.items[0].thumbnail.status, .loaded)
    // With nothing live shown, the saved first page is shown afresh: its first thumbnail is in
    // the cache, its second not.
    let copy = try InProcessServer.showingOfflineCopy(of: p.dataDirectory)
    XCTAssertTrue(copy.store.state.feed.isOfflineCopy)
    XCTAssertEqual(copy.store.state.feed.items[0].thumbnail.status, .notRequested)
    copy.call(Requests.ImagesPrefetch(keys: [keys[0], keys[1]]))
    XCTAssertTrue(copy.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(copy.store.state.feed.items[0].thumbnail.status, .loaded, "the cache still serves")
    XCTAssertEqual(copy.store.state.feed.items[1].thumbnail.status, .failed)
    XCTAssertEqual(copy.store.state.feed.items[1].thumbnail.error?.code, "request.offline")
    XCTAssertEqual(copy.store.state.feed.items[1].thumbnail.error?.retryable, true)

    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    p.call(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif"))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.account.upload.status, .failed)
    XCTAssertEqual(p.store.state.account.upload.error?.code, "request.offline")
    p.call(Requests.AccountDelete(id: imageID))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.account.images.first?.image.id, imageID, "the image is back in its place")
    XCTAssertEqual(p.store.state.account.error?.code, "request.offline")
    XCTAssertEqual(account.calls.value, 0, "no upload or delete reached the provider")

    p.call(Requests.AuthLogout())
    p.call(Requests.AuthSetEmail(value: "test@mail.com"))
    p.call(Requests.AuthSetPassword(value: "123456"))
    p.call(Requests.AuthSubmitLogin())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.session.status, .signedOut)
    XCTAssertEqual(p.store.state.login.error?.code, "request.offline")

    // Back online, each goes out again when asked.
    p.call(Requests.ConnectivitySet(online: true))
    p.call(Requests.AuthSubmitLogin())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(p.store.state.session.status, .signedIn)
  }
}
