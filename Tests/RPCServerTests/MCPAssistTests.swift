import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer
import XCTest

@testable import MCPServer

/// The MCP face as an assistant uses it: a tool list it can afford, an action that waits for
/// its outcome, sign-in in one call, a photo it can see, and the app the user has open.
final class MCPAssistTests: XCTestCase {

  /// A tool result's first text, parsed when it is JSON.
  private func answer(_ result: JSONValue) -> JSONValue {
    guard case .string(let text)? = result["content"]?.array?.first?["text"] else { return .null }
    return (try? JSONParser.parse(Array(text.utf8))) ?? .string(text)
  }

  func testTheDefaultToolListIsUnder16KBAndEveryNameIsOneEveryModelAPITakes() throws {
    let p = try RPCProcess.mcpFace(["--test-clock"])
    let list = p.call("tools/list")
    let bytes = JSONWriter.bytes(list).count
    XCTAssertLessThan(bytes, 16_000, "tools/list is \(bytes) bytes")
    let names = (list["tools"]?.array ?? []).compactMap { $0["name"]?.string }
    XCTAssertGreaterThan(names.count, 30)
    let allowed = try NSRegularExpression(pattern: "^[a-zA-Z0-9_-]{1,64}$")
    for name in names {
      XCTAssertNotNil(allowed.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)), name)
    }
    for left in [
      "feed_prefetch", "feed_cancelPrefetch", "feed_retryImage", "images_prefetch", "connectivity_set",
    ] {
      XCTAssertFalse(names.contains(left), left)
    }
    XCTAssertEqual(p.finish(), 0)
  }

  func testAnActionThatWaitsAnswersWithItsOutcomeAndSignInIsOneCallThatRecordsNoPassword() throws {
    let p = try RPCProcess.mcpFace()
    let signedIn = p.tool("auth_signIn", #"{"email":"test@mail.com","password":"123456"}"#)
    XCTAssertEqual(signedIn["isError"], .bool(false), "\(signedIn)")
    let outcome = answer(signedIn)
    XCTAssertEqual(outcome["settled"], .bool(true))
    let paths = (outcome["changes"]?.array ?? []).compactMap { $0["path"]?.string }
    XCTAssertTrue(paths.contains("/login/password/length"), "what changed comes with the answer")
    XCTAssertTrue(paths.contains { $0.hasPrefix("/feed/items/") }, "the first page loaded before it answered")
    // Without waiting, a search answers at once; waiting, once it has run.
    let search = answer(p.tool("feed_setQuery", #"{"text":"river","wait":true}"#))
    XCTAssertEqual(search["settled"], .bool(true))
    XCTAssertTrue(
      (search["changes"]?.array ?? []).contains {
        $0["path"] == .string("/feed/activeQuery") && $0["value"] == .string("river")
      }, "the search ran before the answer: \(search)")
    let wrong = p.tool("feed_setQuery", #"{"text":"x","wait":"yes"}"#)
    XCTAssertEqual(wrong["isError"], .bool(true))
    XCTAssertEqual(p.finish(), 0)
    let log = try String(contentsOfFile: p.dataDirectory.path + "/events.jsonl", encoding: .utf8)
    XCTAssertFalse(log.contains("123456"), "the password never reaches the log")
  }

  func testAPhotoIsSeenAsAPNGOfItsPixels() throws {
    let p = try RPCProcess.mcpFace()
    p.tool("auth_signIn", #"{"email":"test@mail.com","password":"123456"}"#)
    let shown = p.tool("photo_view", #"{"key":"demo:1"}"#)
    XCTAssertEqual(shown["isError"], .bool(false), "\(shown)")
    let image = try XCTUnwrap(shown["content"]?.array?.first)
    XCTAssertEqual(image["type"], .string("image"))
    XCTAssertEqual(image["mimeType"], .string("image/png"))
    let png = try XCTUnwrap(Data(base64Encoded: image["data"]?.string ?? ""))
    XCTAssertLessThanOrEqual(png.count, PhotoContent.maxBytes)
    let decoded = try XCTUnwrap(Self.decodeStoredPNG(Array(png)))
    let bitmap = try PhotoContent.bitmap(DemoImages.image(for: "demo://photo/1/thumbnail")!).get()
    XCTAssertEqual(decoded, bitmap, "the PNG holds the thumbnail's pixels")
    let missing = p.tool("photo_view", #"{"key":"demo:999999"}"#)
    XCTAssertEqual(missing["isError"], .bool(true))
    let large = p.tool("photo_view", #"{"key":"demo:2","size":"large"}"#)
    XCTAssertEqual(large["isError"], .bool(true), "a large image shows once the photo is open")
    p.tool("feed_openDetail", #"{"key":"demo:2","wait":true}"#)
    let opened = p.tool("photo_view", #"{"key":"demo:2","size":"large"}"#)
    XCTAssertEqual(opened["content"]?.array?.first?["mimeType"], .string("image/png"), "\(opened)")
    XCTAssertEqual(p.finish(), 0)
  }

  func testABigBitmapIsScaledDownToTheBound() throws {
    let big = DemoImages.bitmap(3, width: 1600, height: 1200)
    let image = try PhotoContent.make(big).get()
    XCTAssertLessThanOrEqual(image.bytes.count, PhotoContent.maxBytes)
    XCTAssertEqual(image.width, 534, "every third pixel")
    XCTAssertEqual(image.height, 400)
    guard case .failure(let refusal) = PhotoContent.make(Array("not an image".utf8)) else {
      return XCTFail("text is no image")
    }
    XCTAssertTrue(refusal.reason.contains("not an image"), refusal.reason)
  }

  func testOnALiveDirectoryTheFaceAttachesAndDrivesOnlyWhenTheOwnerAdmitsIt() throws {
    for admits in [AttachRole.observe, .drive] {
      let owner = try RPCProcess(extra: ["--admit", admits.rawValue])
      _ = owner.initialize()
      let assistant = try RPCProcess.mcpFace(dataDirectory: owner.dataDirectory)
      // It reads the live state, not a copy.
      owner.call("auth/setEmail", #"{"value":"owner@mail.com"}"#)
      let email = answer(assistant.tool("state_get", #"{"pointer":"/login/email/value"}"#))
      XCTAssertEqual(email["value"], .string("owner@mail.com"))
      let signIn = assistant.tool("auth_signIn", #"{"email":"test@mail.com","password":"123456"}"#)
      switch admits {
      case .observe:
        XCTAssertEqual(signIn["isError"], .bool(true))
        XCTAssertEqual(signIn["structuredContent"]?["code"], .string("history.observeOnly"))
      case .drive:
        XCTAssertEqual(signIn["isError"], .bool(false), "\(signIn)")
        XCTAssertEqual(
          owner.call("state/get", #"{"pointer":"/session/email"}"#)["value"], .string("test@mail.com"),
          "the owner's app is signed in")
        XCTAssertEqual(
          assistant.tool("auth_logout")["structuredContent"]?["code"], .string("history.consentNeeded"),
          "signing the user out needs the owner's consent")
      }
      XCTAssertEqual(assistant.finish(), 0)
      XCTAssertEqual(owner.stop(), 0)
    }
  }

  /// The pixels of a PNG this build writes (8-bit RGB, stored deflate blocks, filter 0), or nil.
  static func decodeStoredPNG(_ png: [UInt8]) -> RGBPixels? {
    func int32(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    guard png.count > 33, png[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    var at = 8
    var width = 0
    var height = 0
    var zlib: [UInt8] = []
    while at + 12 <= png.count {
      let length = int32(at)
      let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
      let data = Array(png[at + 8..<at + 8 + length])
      guard PNGImage.crc32(Array(png[at + 4..<at + 8 + length])) == UInt32(int32(at + 8 + length)) else {
        return nil
      }
      if type == "IHDR" {
        width = data[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = data[4..<8].reduce(0) { $0 << 8 | Int($1) }
      }
      if type == "IDAT" { zlib += data }
      at += 12 + length
    }
    var raw: [UInt8] = []
    var i = 2
    while i < zlib.count - 4 {
      let final = zlib[i] & 1 == 1
      let length = Int(zlib[i + 1]) | Int(zlib[i + 2]) << 8
      raw += zlib[i + 5..<i + 5 + length]
      i += 5 + length
      if final { break }
    }
    guard PNGImage.adler32(raw) == UInt32(zlib[zlib.count - 4..<zlib.count].reduce(0) { $0 << 8 | Int($1) })
    else {
      return nil
    }
    var rgb: [UInt8] = []
    for y in 0..<height {
      let row = y * (width * 3 + 1)
      guard raw[row] == 0 else { return nil }
      rgb += raw[row + 1..<row + 1 + width * 3]
    }
    return RGBPixels(width: width, height: height, rgb: rgb)
  }
}
