import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The account methods over a connection (in process) against the demo account: the browser sign-in round
/// trip, images, an upload with `$/progress`, a delete, sign-out; bad paths rejected by name.
final class AccountRPCTests: XCTestCase {
  /// Whether `messages` hold a `state/changed` with the operation `op` on `path` (with
  /// `value`, if given).
  func hasPatch(_ messages: [JSONValue], _ path: String, _ value: JSONValue?, op: String) -> Bool {
    messages.contains { message in
      guard message["method"] == .string("state/changed"), case .array(let ops)? = message["params"]?["patch"]
      else { return false }
      return ops.contains {
        $0["op"] == .string(op) && $0["path"] == .string(path) && (value == nil || $0["value"] == value)
      }
    }
  }

  /// The messages up to one that patches `path` as described, starting with those already
  /// `seen` (the change may have come before the answer that caused it). Every read is
  /// bounded, so a missing change fails the test instead of hanging it.
  @discardableResult
  func waitForPatch(
    _ p: some RPCPeer, after seen: [JSONValue] = [], _ path: String, _ value: JSONValue? = nil,
    op: String = "replace"
  ) -> [JSONValue] {
    var messages = seen
    while !hasPatch(messages, path, value, op: op) {
      guard let message = p.next() else {
        XCTFail("no state/changed did \(op) \(path)")
        return messages
      }
      messages.append(message)
    }
    return messages
  }

  func testDemoAccountRoundTripOverStdio() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    let begun = p.call(Requests.AccountBeginLogin())
    guard case .string(let authorize)? = begun["authorizeURL"],
      case .string(let redirect)? = begun["demoRedirectURL"],
      case .string(let state)? = begun["state"]
    else { return XCTFail("beginLogin answered \(begun)") }
    XCTAssertTrue(
      authorize.hasPrefix("demo://imgur/oauth2/authorize?client_id=demo&response_type=token&state="))
    XCTAssertEqual(state.count, 32)
    XCTAssertTrue(redirect.hasSuffix("state=\(state)"))
    XCTAssertNotEqual(
      p.call(Requests.AccountBeginLogin())["state"], .string(state), "a fresh state each time")

    let stale = p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    XCTAssertEqual(stale["status"], .string("signedOut"), "the first state was replaced")
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/account/error/code"))["value"], .string("account.stateMismatch"))
    guard case .string(let fresh)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    XCTAssertEqual(
      p.call(Requests.AccountCompleteLogin(redirectURL: fresh))["status"], .string("signedIn"))

    let loading = p.response(to: p.request(Requests.AccountLoadImages())).notifications
    waitForPatch(p, after: loading, "/account/imagesStatus", .string("loaded"))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/account/images/0/key"))["value"], .string("account:demo1"))

    let bad = p.error(Requests.AccountUpload(path: "/etc/hostname"))
    XCTAssertEqual(bad["code"], .number(-32602))
    XCTAssertEqual(
      bad["data"], .string(#"path "/etc/hostname" is not an image (JPEG, PNG, GIF, WebP or BMP)"#))
    XCTAssertEqual(
      p.error(Requests.AccountUpload(path: "/nowhere/x.png"))["data"],
      .string(#"path "/nowhere/x.png" does not exist"#))

    let picture = p.dataDirectory.path + "/../upload-\(UUID().uuidString).gif"
    _ = FileManager.default.createFile(atPath: picture, contents: Data("GIF89a".utf8) + Data(count: 4096))
    defer { try? FileManager.default.removeItem(atPath: picture) }
    let id = p.request("account/upload", #"{"path":"\#(picture)","title":"Mine","workDoneToken":"up-1"}"#)
    var messages = waitForPatch(
      p, after: p.response(to: id).notifications, "/account/upload/status", .string("done"))
    while !messages.contains(where: { $0["params"]?["value"]?["kind"] == .string("end") }),
      let next = p.next()
    {
      messages.append(next)
    }
    let progress = messages.filter { $0["method"] == .string("$/progress") }.compactMap {
      $0["params"]?["value"]?["kind"]
    }
    XCTAssertEqual(progress.first, .string("begin"))
    XCTAssertEqual(progress.last, .string("end"))
    let top = p.call(Requests.StateGet(pointer: "/account/images/0/image"))["value"]
    XCTAssertEqual(top?["id"], .string("up1"))
    XCTAssertEqual(top?["title"], .string("Mine"))

    let deleting = p.response(to: p.request(Requests.AccountDelete(id: "up1"))).notifications
    let removal = deleting.first { $0["method"] == .string("state/changed") }?["params"]?["patch"]
    XCTAssertEqual(removal?.array?.first?["op"], .string("remove"), "one operation takes it out of the list")
    XCTAssertEqual(removal?.array?.first?["path"], .string("/account/images/0"))
    waitForPatch(p, after: deleting, "/account/deleting/0", op: "remove")
    XCTAssertNotEqual(
      p.call(Requests.StateGet(pointer: "/account/images/0/image/id"))["value"], .string("up1"))
    XCTAssertEqual(
      p.error(Requests.AccountDelete(id: "up1"))["data"]?["code"], .string("account.unknownImage"))

    let components: [String: JSONValue]
    if case .object(let c)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"] {
      components = c
    } else {
      components = [:]
    }
    let whole = try XCTUnwrap(p.call(Requests.StateGet())["value"])
    XCTAssertNil(SchemaValidator(components: components).check(whole, against: Schema.ref("State")))

    p.call(Requests.AccountLogout())
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/account/status"))["value"], .string("signedOut"))
    p.call(Requests.Shutdown())
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    XCTAssertFalse(p.errorOutput.contains("demo-access"), "no token on stderr")
  }

  /// Issue 18 item 13: a frontend on another machine or in a browser sends the bytes.
  func testAnUploadFromBase64BytesHasThePathsChecksAndLimits() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    let early = p.error(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif"))
    XCTAssertEqual(early["data"]?["code"], .string("account.signedOut"))
    let uploads = p.dataDirectory.path + "/uploads"
    XCTAssertEqual(
      (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? [], [], "a refusal keeps nothing")
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    // The sign-in's own work (tokens kept, a first page of images) ends before counting.
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let before = p.store.version

    let refusals: [(String, String)] = [
      (#"{"data":"!!!","fileName":"a.png"}"#, "base64"),
      (#"{"data":"\#(Data("plain text".utf8).base64EncodedString())","fileName":"a.png"}"#, "not an image"),
      (#"{"data":"","fileName":"a.png"}"#, "\"data\""),
      (#"{"data":"R0lGODlhAAAAAAAAAAAAAAAAAAAAAAAAAAA="}"#, "\"fileName\""),
      (#"{"data":"R0lGODlhAAAAAAAAAAAAAAAAAAAAAAAAAAA=","fileName":"../a.gif"}"#, "fileName"),
      (
        #"{"data":"R0lGODlhAAAAAAAAAAAAAAAAAAAAAAAAAAA=","fileName":"a.gif","path":"/etc/hostname"}"#,
        "not both"
      ),
      // Issue 28, minor 3: strict base64, named by what is wrong; magic bytes alone are no image.
      (#"{"data":"!!!!","fileName":"a.png"}"#, "not base64: '!' at offset 0"),
      (#"{"data":"R0lG*ODlh","fileName":"a.gif"}"#, "not base64: '*' at offset 4"),
      (#"{"data":"/9j/","fileName":"a.jpg"}"#, "not an image"),
      (#"{"data":"data:image/png,AAAA","fileName":"a.png"}"#, "data:TYPE;base64,BYTES"),
      (#"{"title":"x"}"#, "\"path\" or as \"data\""),
    ]
    for (params, named) in refusals {
      let error = p.error("account/upload", params)
      XCTAssertEqual(error["code"], .number(-32602), params)
      XCTAssertTrue(error["data"]?.string?.contains(named) == true, "\(params): \(error)")
    }
    // Past 10 MB once decoded: refused by its length, before any decoding.
    let huge = String(repeating: "A", count: UploadFile.maxBase64Bytes + 200)
    let tooLarge = p.error(Requests.AccountUpload(data: huge, fileName: "big.png"))
    XCTAssertEqual(tooLarge["code"], .number(-32602))
    XCTAssertTrue(tooLarge["data"]?.string?.contains("\"data\"") == true, "\(tooLarge)")
    XCTAssertEqual(p.store.version, before, "nothing recorded")

    // The largest file as a data URL: its header does not count against the bound.
    let largest = Data("GIF89a".utf8) + Data(count: UploadFile.maxBytes - 6)
    let big = p.request(
      "account/upload",
      #"{"data":"data:image/gif;base64,\#(largest.base64EncodedString())","fileName":"big.gif"}"#)
    let bigAnswer = p.response(to: big)
    XCTAssertNil(bigAnswer.response["error"], "\(bigAnswer.response)")
    waitForPatch(p, after: bigAnswer.notifications, "/account/upload/status", .string("done"))

    let id = p.request(
      "account/upload",
      #"{"data":"data:image/gif;base64,\#(gif.base64EncodedString())","fileName":"cat.gif","title":"Cat"}"#)
    waitForPatch(p, after: p.response(to: id).notifications, "/account/upload/status", .string("done"))
    let top = p.call(Requests.StateGet(pointer: "/account/images/0/image"))["value"]
    XCTAssertEqual(top?["title"], .string("Cat"))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/account/upload/fileName"))["value"], .string("cat.gif"))
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []
    XCTAssertEqual(kept, [], "the bytes are kept only until they are uploaded")
  }
}

/// Issue 28, item 9: staged upload bytes that no state names are removed: at start-up, and
/// whenever new bytes are staged; the folder holds the upload the state names and no more.
extension AccountRPCTests {
  /// Issue 29, item 14: on the account screen, the answer that says signedIn already has the
  /// images loading (one batch): no idle, empty list in between.
  func testSignInOnTheAccountScreenStartsLoadingItsImagesInTheSameBatch() throws {
    let p = try InProcessServer()
    p.call("initialize", #"{"initializationOptions":{"signIn":"none","home":"account"}}"#)
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    let answer = p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    let types = answer["events"]?.array?.compactMap { $0["type"]?.string ?? $0.string } ?? []
    XCTAssertEqual(types, ["account.signedIn", "account.imagesLoadStarted"], "\(answer)")
  }

  /// Issue 29, item 7: Imgur without IMGUR_CLIENT_ID is a configuration error, not a sign-in
  /// with an empty `client_id=`.
  func testImgurWithoutItsClientIDRefusesSignInNamingTheVariable() throws {
    let p = try RPCProcess(extra: ["--account", "imgur"], environment: ["IMGUR_CLIENT_ID": ""])
    _ = p.initialize()
    let error = p.error(Requests.AccountBeginLogin())
    XCTAssertEqual(error["data"]?["code"], .string("config.missingKey"))
    XCTAssertEqual(error["data"]?["args"]?["variable"], .string("IMGUR_CLIENT_ID"))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/account/status"))["value"], .string("signedOut"))
    p.call(Requests.Shutdown())
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }

  func stagedFiles(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  func testOrphanedStagedBytesAreRemovedAtStartAndBeforeNewBytesAreStaged() throws {
    let dir = TemporaryDirectory()
    let uploads = StagedUploads.folder(in: dir.path)
    try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
    for name in ["left-by-a-crash.png", "failed-long-ago.gif", ".partial.tmp"] {
      XCTAssertTrue(
        FileManager.default.createFile(atPath: "\(uploads)/\(name)", contents: Data(count: 2 << 20)))
    }
    let p = try InProcessServer(dataDirectory: dir)
    _ = p.initialize()
    XCTAssertEqual(stagedFiles(uploads), [], "nothing the state names survives the start")

    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    // An orphan that appears while the server runs goes when the next bytes are staged.
    XCTAssertTrue(
      FileManager.default.createFile(atPath: "\(uploads)/orphan.png", contents: Data(count: 1000)))
    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    let id = p.request(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif"))
    waitForPatch(p, after: p.response(to: id).notifications, "/account/upload/status", .string("done"))
    XCTAssertEqual(
      stagedFiles(uploads), [], "the orphan went before staging; the upload's own bytes after it")
  }

  func testTheSweepKeepsWhatTheStateNames() throws {
    let dir = TemporaryDirectory()
    let uploads = StagedUploads.folder(in: dir.path)
    try FileManager.default.createDirectory(atPath: uploads, withIntermediateDirectories: true)
    for name in ["a.png", "b.png"] {
      XCTAssertTrue(FileManager.default.createFile(atPath: "\(uploads)/\(name)", contents: Data(count: 10)))
    }
    XCTAssertEqual(StagedUploads.sweep(dataDirectory: dir.path, keeping: ["\(uploads)/b.png"]), 1)
    XCTAssertEqual(stagedFiles(uploads), ["b.png"])
    var state = AppState()
    state.account.upload.request = UploadRequest(
      file: UploadFile(
        path: "\(uploads)/b.png", fileName: "b.png", byteCount: 10, mimeType: "image/png", staged: true))
    XCTAssertEqual(StagedUploads.inUse(state), ["\(uploads)/b.png"])
    state.account.upload.request?.file.staged = nil
    XCTAssertEqual(StagedUploads.inUse(state), [], "a path the user named is theirs, never swept")
  }
}

/// Issue 29, items 4 and 5: after a failed upload given as `data`, the state still matches
/// its published schema (`file.staged` is declared), and the staged bytes sent again by their
/// path are removed once uploaded.
extension AccountRPCTests {
  func testAFailedUploadOfSentBytesKeepsToTheSchemaAndResendingItsPathRemovesThem() throws {
    let account = SwitchedAccount(failing: RequestFailure(kind: .http, status: 503, serverMessage: "busy"))
    let p = try InProcessServer(environment: GalleryEnvironment().with { $0.account = account })
    _ = p.initialize()
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    let gif = Data("GIF89a".utf8) + Data(count: 2048)
    let id = p.request(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif"))
    waitForPatch(p, after: p.response(to: id).notifications, "/account/upload/status", .string("failed"))
    let file = try XCTUnwrap(p.call(Requests.StateGet(pointer: "/account/upload/request/file"))["value"])
    XCTAssertEqual(file["staged"], .bool(true))
    guard case .object(let components)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"]
    else { return XCTFail("no schemas") }
    let whole = try XCTUnwrap(p.call(Requests.StateGet())["value"])
    XCTAssertNil(SchemaValidator(components: components).check(whole, against: Schema.ref("State")))
    let uploads = StagedUploads.folder(in: p.dataDirectory.path)
    XCTAssertEqual(stagedFiles(uploads).count, 1, "kept to be sent again")

    account.failure.mutate { $0 = nil }
    let path = try XCTUnwrap(file["path"]?.string)
    let again = p.request(Requests.AccountUpload(path: path, fileName: "cat.gif"))
    waitForPatch(p, after: p.response(to: again).notifications, "/account/upload/status", .string("done"))
    XCTAssertEqual(stagedFiles(uploads), [], "sent again by its path, it is removed once uploaded")
  }
}

/// Issue 29 (the reference page): an uploaded picture shows its own bytes, from the cache,
/// with no download; not a stock image.
extension AccountRPCTests {
  func testAnUploadedPictureShowsItsOwnBytes() throws {
    let p = try InProcessServer()
    _ = p.initialize()
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail()
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    let gif = Data("GIF89a".utf8) + Data((0..<2048).map { UInt8($0 % 251) })
    let id = p.request(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "mine.gif"))
    waitForPatch(p, after: p.response(to: id).notifications, "/account/upload/status", .string("done"))
    let key = try XCTUnwrap(p.store.state.account.images.first?.key)
    p.call(Requests.ImagesPrefetch(keys: [key]))
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let thumbnail = try XCTUnwrap(p.store.state.account.images.first?.thumbnail)
    XCTAssertEqual(thumbnail.status, .loaded)
    let shown = FileManager.default.contents(atPath: p.dataDirectory.path + "/" + (thumbnail.path ?? ""))
    XCTAssertEqual(shown, gif, "the picture shown is the one uploaded")
  }
}
