import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 18 items 5, 8 and 9 over the wire: every screen is in `/route` (the top-level ones
/// as tabs, `nav/open`), every push only from its own screen, sign-out closes the screens
/// that need a session, and `initializationOptions` shapes an app without a sign-in.
final class AppShapeTests: XCTestCase {
  func screens(_ server: InProcessServer) -> [String] {
    server.call(Requests.StateGet(pointer: "/route"))["value"]?.array?.compactMap { $0["screen"]?.string }
      ?? []
  }

  func value(_ server: InProcessServer, _ pointer: String) -> JSONValue? {
    server.call(Requests.StateGet(pointer: pointer))["value"]
  }

  func testTopLevelScreensAreTabsAndEachPushIsValidOnlyFromItsOwnScreen() throws {
    let server = try InProcessServer()
    _ = server.initialize()
    XCTAssertEqual(
      server.error(Requests.NavOpen(screen: .albums))["data"]?["code"], .string("nav.signInFirst"),
      "with sign-in required, tabs need a session")
    XCTAssertEqual(server.error("nav/open", #"{"screen":"photos"}"#)["code"], .number(-32602))
    server.signInToDemo()
    server.store.waitUntilIdle()
    XCTAssertEqual(screens(server), ["home"])

    server.call(Requests.FeedOpenDetail(key: "demo:1"))
    XCTAssertEqual(screens(server), ["home", "detail"])
    XCTAssertEqual(
      server.error(Requests.AlbumsOpen(albumId: 1))["data"]?["code"], .string("albums.unknownAlbum"))

    server.call(Requests.NavOpen(screen: .albums))
    server.store.waitUntilIdle()
    XCTAssertEqual(screens(server), ["albums"], "the albums tab is the root; the photo stays open in its tab")
    XCTAssertEqual(value(server, "/albums/status"), .string("loaded"), "albums load when first shown")
    XCTAssertEqual(value(server, "/detail/key"), .string("demo:1"))
    XCTAssertEqual(
      server.error(Requests.FeedOpenDetail(key: "demo:2"))["data"]?["code"], .string("detail.alreadyOpen"))

    server.call(Requests.AlbumsOpen(albumId: 3))
    server.store.waitUntilIdle()
    XCTAssertEqual(screens(server), ["albums", "album"])
    guard case .number(let photo)? = value(server, "/album/photos/0/photo/id") else {
      return XCTFail("the album has no photos")
    }
    server.call(Requests.AlbumsOpenPhoto(photoId: Int(photo)))
    XCTAssertEqual(screens(server), ["albums", "album", "photo"])

    server.call(Requests.NavOpen(screen: .feed))
    XCTAssertEqual(screens(server), ["home", "detail"], "back on the feed, its open photo is above it again")
    let refused = server.error(Requests.AlbumsOpenPhoto(photoId: Int(photo) + 1))
    XCTAssertEqual(refused["data"]?["code"], .string("albums.photoAlreadyOpen"))
    server.call(Requests.NavBack())
    server.call(Requests.NavOpen(screen: .albums))
    XCTAssertEqual(screens(server), ["albums", "album", "photo"])
    server.call(Requests.NavBack())
    server.call(Requests.NavBack())
    XCTAssertEqual(screens(server), ["albums"])
    XCTAssertEqual(server.error(Requests.NavBack())["data"]?["code"], .string("nav.atRoot"))

    server.call(Requests.NavOpen(screen: .feed))
    let notShown = server.error(Requests.AlbumsOpen(albumId: 3))
    XCTAssertEqual(notShown["data"]?["code"], .string("nav.notShown"), "an album opens only from the albums")
    XCTAssertEqual(notShown["data"]?["args"]?["screen"], .string("albums"))

    for (tab, root) in [
      (Requests.NavOpen.Screen.settings, "settings"), (.video, "video"), (.account, "account"),
    ] {
      server.call(Requests.NavOpen(screen: tab))
      XCTAssertEqual(screens(server), [root])
    }
    let again = server.call(Requests.NavOpen(screen: .account))
    XCTAssertEqual(again["events"]?.array?.count, 0, "the screen shown already: nothing recorded")
  }

  func testSignOutClosesTheScreensThatNeedASession() throws {
    let server = try InProcessServer()
    _ = server.initialize()
    server.signInToDemo()
    server.store.waitUntilIdle()
    server.call(Requests.FeedOpenDetail(key: "demo:1"))
    server.call(Requests.NavOpen(screen: .albums))
    server.store.waitUntilIdle()
    server.call(Requests.AlbumsOpen(albumId: 2))
    server.store.waitUntilIdle()
    server.call(Requests.AuthLogout())
    XCTAssertEqual(screens(server), ["login"])
    XCTAssertEqual(value(server, "/detail"), .null)
    XCTAssertEqual(value(server, "/album"), .null)
    XCTAssertEqual(value(server, "/photo"), .null)
    server.signInToDemo()
    server.store.waitUntilIdle()
    XCTAssertEqual(screens(server), ["home"], "a new sign-in starts on home with nothing left open")
    server.store.waitUntilIdle()
    let replayed = try Replay.state(ofLogAt: server.dataDirectory.path + "/events.jsonl")
    XCTAssertEqual(replayed, server.store.state)
  }

  /// Issue 28, minor 8: nothing is sent before the initialize result (LSP), even when
  /// initialize itself records a change (a new shape) and starts loading the home screen;
  /// the changes since follow it as patches.
  func testNoStateChangedGoesOutBeforeTheInitializeAnswer() throws {
    for durability in ["none", "fsync"] {
      let server = try RPCProcess(extra: ["--durability", durability])
      let id = server.request("initialize", #"{"initializationOptions":{"signIn":"none","home":"albums"}}"#)
      let (before, answer) = server.response(to: id)
      XCTAssertEqual(before, [], "\(durability): nothing before the initialize result")
      XCTAssertNotNil(answer["result"]?["serverInfo"])
      let probe = server.request(Requests.StateGet(pointer: "/shape/signIn"))
      let (after, got) = server.response(to: probe)
      XCTAssertEqual(got["result"]?["value"], .string("none"))
      let stateVersion = answer["result"]?["capabilities"]?["stateVersion"]?.int ?? -1
      for message in after {
        XCTAssertEqual(message["method"], .string("state/changed"))
        XCTAssertGreaterThanOrEqual(
          message["params"]?["fromVersion"]?.int ?? -1, stateVersion, "\(durability)")
      }
      server.call(Requests.Shutdown())
      server.notify("exit")
      XCTAssertEqual(server.finish(), 0)
    }
  }

  func testAnAppWithoutSignInStartsOnItsHomeAndLoadsIt() throws {
    let dir = TemporaryDirectory()
    do {
      let server = try InProcessServer(dataDirectory: dir)
      let answer = server.call(
        "initialize", #"{"initializationOptions":{"signIn":"none","home":"albums"}}"#)
      XCTAssertNotNil(answer["serverInfo"])
      server.store.waitUntilIdle()
      XCTAssertEqual(screens(server), ["albums"])
      XCTAssertEqual(
        value(server, "/shape"), .object(["signIn": .string("none"), "home": .string("albums")]))
      XCTAssertEqual(value(server, "/session/status"), .string("signedOut"))
      XCTAssertEqual(value(server, "/albums/status"), .string("loaded"), "loaded without a session")
      server.call(Requests.NavOpen(screen: .feed))
      server.store.waitUntilIdle()
      XCTAssertEqual(value(server, "/feed/status"), .string("loaded"), "every tab opens without a session")
    }
    do {
      // The next start declares the default shape again: back to the sign-in screen.
      let server = try InProcessServer(dataDirectory: dir)
      _ = server.initialize()
      XCTAssertEqual(screens(server), ["login"])
      XCTAssertEqual(value(server, "/shape/signIn"), .string("required"))
    }
  }

  func testInitializationOptionsAreCheckedByName() throws {
    for (options, named) in [
      (#"{"signIn":"maybe"}"#, "initializationOptions.signIn"),
      (#"{"home":"settings"}"#, "initializationOptions.home"),
      (#"{"homeScreen":"feed"}"#, "homeScreen"),
      (#""feed""#, "initializationOptions"),
    ] {
      let server = try InProcessServer()
      let error = server.error("initialize", #"{"initializationOptions":\#(options)}"#)
      XCTAssertEqual(error["code"], .number(-32602), options)
      XCTAssertTrue(
        error["data"].map { "\($0)" }?.contains(named) == true || "\(error)".contains(named), "\(error)")
      XCTAssertEqual(server.store.version, 0, "nothing recorded")
      XCTAssertNotNil(server.initialize()["serverInfo"], "a refused initialize can be sent again")
    }
  }
}
