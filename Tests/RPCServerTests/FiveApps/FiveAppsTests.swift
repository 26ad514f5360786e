import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// The five apps this core unifies, each driven over JSON-RPC as its frontend would, with
/// only what `protocol/` documents, against fake providers on 127.0.0.1 and a test clock.
final class FiveAppsTests: XCTestCase {
  /// PixaBay: sign-in with validation, the feed, prefetch, the detail, errors with retry.
  func testPixaBay() throws {
    let app = try AppSession()
    XCTAssertEqual(app.screens, ["login"])
    XCTAssertEqual(app.text("/shape/signIn"), "required")

    app.call(Requests.AuthSetEmail(value: "test@"))
    XCTAssertEqual(app.text("/login/email/error/code"), "email.invalid")
    app.call(Requests.AuthSubmitLogin())
    XCTAssertEqual(app.get("/login/submitAttempted"), .bool(true))
    XCTAssertEqual(app.text("/login/password/error/code"), "password.required")
    XCTAssertEqual(app.text("/session/status"), "signedOut", "an invalid form is never sent")
    app.call(Requests.AuthSetEmail(value: "test@mail.com"))
    app.call(Requests.AuthSetPassword(value: "wrong-one"))
    app.call(Requests.AuthSubmitLogin())
    app.settle()
    XCTAssertEqual(app.text("/login/error/code"), "auth.wrongCredentials")
    app.call(Requests.AuthSetPassword(value: "123456"))
    app.call(Requests.AuthSubmitLogin())
    app.settle()
    XCTAssertEqual(app.screens, ["home"])
    XCTAssertEqual(app.text("/feed/status"), "loaded")
    XCTAssertEqual(app.count("/feed/items"), 20)
    XCTAssertEqual(app.farm.requests("/api/").last?.query["key"], "pixabay-key")

    let keys = Array(app.feedKeys.prefix(3))
    let prefetched = app.call(Requests.ImagesPrefetch(keys: keys + ["pixabay:999"]))
    XCTAssertEqual(prefetched["unknown"], .array([.string("pixabay:999")]))
    app.settle()
    for k in 0..<3 {
      XCTAssertEqual(app.text("/feed/items/\(k)/thumbnail/status"), "loaded")
      XCTAssertTrue(app.text("/feed/items/\(k)/thumbnail/path")?.hasPrefix("cache/") == true)
    }
    app.call(Requests.FeedLoadMore())
    app.settle()
    XCTAssertEqual(app.count("/feed/items"), 39, "page 2 repeats one id: it is shown once")
    XCTAssertEqual(app.call(Requests.FeedLoadMore())["reason"], .string("noMore"))

    app.call(Requests.FeedOpenDetail(key: keys[1]))
    app.settle()
    XCTAssertEqual(app.screens, ["home", "detail"])
    XCTAssertEqual(app.text("/detail/image/status"), "loaded")
    XCTAssertTrue(app.farm.requests("/img/").contains { $0.path.hasSuffix("l.png") }, "the large image")
    app.call(Requests.NavBack())
    XCTAssertEqual(app.get("/detail"), .null)

    app.farm.faults.mutate { $0.insert("pixabay500") }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/status"), "failed")
    XCTAssertEqual(app.text("/feed/error/code"), "request.serverError")
    XCTAssertEqual(app.get("/feed/error/retryable"), .bool(true))
    XCTAssertEqual(app.count("/feed/items"), 39, "a failed refresh keeps the list")
    app.farm.faults.mutate { $0.remove("pixabay500") }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/status"), "loaded")
    XCTAssertEqual(app.get("/feed/error"), .null)
    XCTAssertEqual(app.count("/feed/items"), 20)
  }

  /// Pixxy: no sign-in, albums by owner, search, an album, a photo, failures.
  func testPixxy() throws {
    let app = try AppSession(options: #"{"signIn":"none","home":"albums"}"#)
    XCTAssertEqual(app.screens, ["albums"])
    XCTAssertEqual(app.text("/session/status"), "signedOut")
    XCTAssertEqual(app.text("/albums/status"), "loaded", "home loads without a session")
    let sections = app.get("/albums/sections").array ?? []
    XCTAssertEqual(
      sections.map { $0["title"]?.string }, ["Ángel Abe", "Zoë Zed"], "by owner, accents folded")
    XCTAssertEqual(
      sections.map { $0["albumIds"] },
      [.array([2, 4].map { .number($0) }), .array([1, 3].map { .number($0) })])
    XCTAssertEqual(app.text("/albums/all/2/owner"), "Ángel Abe", "a section's id is its card's key")

    app.call(Requests.AlbumsSetSearch(text: "zoe"))
    XCTAssertEqual(app.get("/albums/sections").array?.map { $0["title"]?.string }, ["Zoë Zed"])
    for same in ["zoe ", "ZOË"] {
      app.call(Requests.AlbumsSetSearch(text: same))
      XCTAssertEqual(app.text("/albums/search"), same)
      XCTAssertEqual(app.get("/albums/sections").array?.map { $0["title"]?.string }, ["Zoë Zed"], same)
    }
    app.call(Requests.AlbumsSetSearch(text: "quidem"))
    XCTAssertEqual(
      app.get("/albums/sections").array?.map { $0["albumIds"] }, [.array([.number(1)])],
      "then a new search finds anew")
    app.call(Requests.AlbumsSetSearch(text: ""))
    app.call(Requests.ImagesPrefetch(keys: ["album:1", "album:2"]))
    app.settle()
    XCTAssertEqual(
      app.text("/albums/all/1/preview/status"), "loaded", "an album's preview is its first photo")

    app.call(Requests.AlbumsOpen(albumId: 1))
    app.settle()
    XCTAssertEqual(app.screens, ["albums", "album"])
    XCTAssertEqual(app.text("/album/status"), "loaded")
    XCTAssertEqual(app.count("/album/photos"), 3)
    app.call(Requests.ImagesPrefetch(keys: ["photo:11", "photo:12", "photo:13"]))
    app.settle()
    XCTAssertEqual(app.text("/album/photos/2/thumbnail/status"), "loaded")
    app.call(Requests.AlbumsOpenPhoto(photoId: 12))
    app.settle()
    XCTAssertEqual(app.screens, ["albums", "album", "photo"])
    XCTAssertEqual(app.text("/photo/image/status"), "loaded")
    app.call(Requests.NavBack())
    app.call(Requests.NavBack())

    app.farm.faults.mutate { $0.insert("photos500") }
    app.call(Requests.AlbumsOpen(albumId: 2))
    app.settle()
    XCTAssertEqual(app.text("/album/status"), "failed")
    XCTAssertEqual(app.get("/album/error/retryable"), .bool(true))
    app.farm.faults.mutate { $0.remove("photos500") }
    app.call(Requests.AlbumsRetry())
    app.settle()
    XCTAssertEqual(app.text("/album/status"), "loaded")
    XCTAssertEqual(app.count("/album/photos"), 3)
  }

  /// PaleBlueTask: no sign-in, a grid in pages of 16 with a query, repeated ids shown once.
  func testPaleBlueTask() throws {
    let app = try AppSession(options: #"{"signIn":"none","home":"feed","settings":{"pageSize":16}}"#)
    XCTAssertEqual(app.screens, ["home"])
    XCTAssertEqual(app.text("/feed/status"), "loaded", "the grid loads without a session")
    XCTAssertEqual(
      app.count("/feed/items"), 16, "the first page already has the app's size (issue 29, item 13)")
    XCTAssertEqual(app.farm.requests("/api/").first?.query["per_page"], "16")
    app.call(Requests.FeedSetQuery(text: "cats"))
    app.advance(299)
    XCTAssertEqual(app.text("/feed/activeQuery"), "", "no search before the typing pauses 300 ms")
    app.advance(1)
    app.settle()
    XCTAssertEqual(app.text("/feed/activeQuery"), "cats")
    XCTAssertEqual(app.count("/feed/items"), 16)
    let asked = try XCTUnwrap(app.farm.requests("/api/").last?.query)
    XCTAssertEqual(asked["q"], "cats")
    XCTAssertEqual(asked["per_page"], "16")
    app.call(Requests.FeedLoadMore())
    app.settle()
    XCTAssertEqual(app.get("/feed/page"), .number(2))
    XCTAssertEqual(app.count("/feed/items"), 31, "page 2 repeats an id of page 1: shown once")
    XCTAssertEqual(Set(app.feedKeys).count, app.feedKeys.count, "keys are unique")
    app.call(Requests.ImagesPrefetch(keys: [app.feedKeys[16]]))
    app.settle()
    XCTAssertEqual(app.text("/feed/items/16/thumbnail/status"), "loaded")
  }

  /// Pexels: no sign-in, curated photos, the detail with the original, a random video, and
  /// offline then back online without `connectivity/set`.
  func testPexels() throws {
    let app = try AppSession(feed: "pexels", options: #"{"signIn":"none","home":"feed"}"#)
    XCTAssertEqual(app.text("/feed/status"), "loaded")
    XCTAssertEqual(app.text("/feed/provider"), "pexels")
    XCTAssertEqual(app.farm.requests("/v1/curated").count, 1)
    XCTAssertEqual(app.farm.requests("/v1/curated").last?.headers["authorization"], "pexels-key")
    XCTAssertEqual(app.count("/feed/items"), 10)

    let key = try XCTUnwrap(app.feedKeys.first)
    app.call(Requests.FeedOpenDetail(key: key))
    app.settle()
    XCTAssertEqual(app.text("/detail/image/status"), "loaded")
    XCTAssertTrue(app.text("/detail/photo/originalURL")?.hasSuffix("/img/101o.png") == true, "the original")
    XCTAssertEqual(app.text("/detail/photo/averageColor"), "#778899")
    app.call(Requests.DetailClose())

    app.call(Requests.NavOpen(screen: .video))
    app.call(Requests.VideoPlayRandom(width: 1280, height: 720))
    app.settle()
    XCTAssertEqual(app.screens, ["video"])
    XCTAssertEqual(app.text("/video/status"), "ready")
    XCTAssertTrue(app.text("/video/file/link")?.hasPrefix("https://videos.example/") == true)

    app.call(Requests.NavOpen(screen: .feed))
    app.farm.network.down.mutate { $0 = true }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/status"), "failed")
    XCTAssertEqual(app.text("/feed/error/code"), "request.unreachable")
    XCTAssertEqual(app.text("/connectivity"), "online", "the app never said otherwise")
    XCTAssertNotNil(app.text("/unreachable/feed/since"), "the core shows what it observed, with its time")
    XCTAssertEqual(app.get("/feed/isOfflineCopy"), .bool(false), "the list shown is kept, said not fresh")
    XCTAssertEqual(app.count("/feed/items"), 10)

    app.farm.network.down.mutate { $0 = false }
    app.call(Requests.FeedRefresh())
    app.settle()
    XCTAssertEqual(app.text("/feed/status"), "loaded", "back online: the next load tried and got through")
    XCTAssertEqual(app.get("/feed/isOfflineCopy"), .bool(false))
    XCTAssertEqual(app.get("/unreachable"), .object([:]))
  }

  /// Imgur: starts at the account, browser sign-in, images, upload from bytes, delete, refresh.
  func testImgur() throws {
    let app = try AppSession(options: #"{"signIn":"none","home":"account"}"#)
    XCTAssertEqual(app.screens, ["account"])
    XCTAssertEqual(app.text("/account/status"), "signedOut")

    let begun = app.call(Requests.AccountBeginLogin())
    XCTAssertEqual(app.text("/account/status"), "awaitingRedirect")
    let redirect = try XCTUnwrap(begun["demoRedirectURL"]?.string)
    XCTAssertTrue(begun["authorizeURL"]?.string?.contains("response_type=token") == true)
    app.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    app.settle()
    XCTAssertEqual(app.text("/account/status"), "signedIn")
    XCTAssertEqual(app.text("/account/imagesStatus"), "loaded", "the account's images load once it is shown")
    let before = app.count("/account/images")
    XCTAssertGreaterThan(before, 0)
    let firstKey = try XCTUnwrap(app.text("/account/images/0/key"))
    app.call(Requests.ImagesPrefetch(keys: [firstKey]))
    app.settle()
    XCTAssertEqual(app.text("/account/images/0/thumbnail/status"), "loaded")

    let gif = (Data("GIF89a".utf8) + Data(count: 1024)).base64EncodedString()
    app.call(Requests.AccountUpload(data: gif, fileName: "sunset.gif", title: "Sunset"))
    app.settle()
    XCTAssertEqual(app.text("/account/upload/status"), "done")
    XCTAssertEqual(app.count("/account/images"), before + 1)
    XCTAssertEqual(app.text("/account/images/0/image/title"), "Sunset")
    let uploaded = try XCTUnwrap(app.text("/account/images/0/image/id"))

    app.call(Requests.AccountDelete(id: uploaded))
    app.settle()
    XCTAssertEqual(app.count("/account/images"), before)
    app.call(Requests.AccountLoadImages())
    app.settle()
    XCTAssertEqual(app.text("/account/imagesStatus"), "loaded")
    XCTAssertEqual(app.count("/account/images"), before, "a refresh shows what the account holds")
  }
}
