import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// Back online, every screen whose last load failed for want of a network loads again by
/// itself, as the feed does: the albums, an album's photos, the account's images, the random
/// video. And a server that cannot be reached while the device is online says so, not that
/// the device is offline.
final class BackOnlineTests: XCTestCase {
  func testEveryScreenThatFailedOfflineReloadsWhenTheNetworkReturns() throws {
    let app = try AppSession(options: #"{"signIn":"none"}"#)
    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.NavOpen(screen: .albums))
    app.settle()
    XCTAssertEqual(app.text("/albums/status"), "failed")
    XCTAssertEqual(app.text("/albums/error/code"), "request.offline")
    app.call(Requests.ConnectivitySet(online: true))
    app.settle()
    XCTAssertEqual(app.text("/albums/status"), "loaded", "the list loads by itself")

    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.AlbumsOpen(albumId: 1))
    app.settle()
    XCTAssertEqual(app.text("/album/status"), "failed")
    app.call(Requests.ConnectivitySet(online: true))
    app.settle()
    XCTAssertEqual(app.text("/album/status"), "loaded", "the album's photos load by itself")
    XCTAssertEqual(app.count("/album/photos"), 3)

    let begun = app.call(Requests.AccountBeginLogin())
    app.server.call("account/completeLogin", #"{"redirectURL":"\#(begun["demoRedirectURL"]?.string ?? "")"}"#)
    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.NavOpen(screen: .account))
    app.settle()
    XCTAssertEqual(app.text("/account/imagesStatus"), "failed")
    app.call(Requests.ConnectivitySet(online: true))
    app.settle()
    XCTAssertEqual(app.text("/account/imagesStatus"), "loaded", "the account's images load by themselves")

    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.VideoPlayRandom(quality: .hd))
    app.settle()
    XCTAssertEqual(app.text("/video/status"), "failed")
    app.call(Requests.ConnectivitySet(online: true))
    app.settle()
    XCTAssertEqual(app.text("/video/status"), "ready", "the pick is asked again")
    XCTAssertEqual(app.text("/video/file/quality"), "hd", "with the same wish")
  }

  func testAServerThatCannotBeReachedWhileOnlineSaysSoNotThatTheDeviceIsOffline() throws {
    let app = try AppSession(options: #"{"signIn":"none"}"#)
    app.farm.network.down.mutate { $0 = true }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/error/code"), "request.unreachable")
    XCTAssertEqual(
      app.text("/feed/error/message"),
      "The service cannot be reached. Check your connection or try again later.")
    XCTAssertEqual(app.text("/connectivity"), "online")
    app.call(Requests.ConnectivitySet(online: false))
    app.call(Requests.FeedRefresh())
    XCTAssertEqual(app.text("/feed/error/code"), "request.offline", "declared offline, the device is")
  }
}
