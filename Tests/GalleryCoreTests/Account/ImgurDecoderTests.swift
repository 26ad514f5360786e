import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Imgur's answers decoded through the provider's public API, with a canned HTTP client:
/// our own bodies in every shape, then bodies in the service's own shapes (Fixtures/providers).
final class ImgurDecoderTests: XCTestCase {
  /// Answers every request with one response and remembers the requests.
  struct Canned: HTTPClient {
    var response: HTTPResponse
    func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> { .success(response) }
  }

  func provider(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> ImgurProvider {
    ImgurProvider(
      baseURL: "https://api.example", clientID: "c", clientSecret: "s",
      http: Canned(response: HTTPResponse(status: status, headers: headers, body: Data(body.utf8))))
  }

  func failure<T>(_ result: Result<T, RequestFailure>, file: StaticString = #filePath, line: UInt = #line)
    throws
    -> RequestFailure
  {
    guard case .failure(let f) = result else {
      XCTFail("expected a failure, got \(result)", file: file, line: line)
      throw CancellationError()
    }
    return f
  }

  func testListingsKeepNullableFieldsLargeNumbersAndSkipUnusableItems() async throws {
    let body = """
      {"data":[
        {"id":"iNQgWQq","title":null,"description":"ping","datetime":1639393242,"type":"image/png","animated":false,
         "width":1516,"height":784,"size":170961,"views":3,"bandwidth":9007199254740,"vote":null,"nsfw":null,
         "link":"https://i.imgur.com/iNQgWQq.png"},
        {"id":"BJRWQw5","title":"gif","datetime":1443895079,"type":"image/gif","animated":true,"width":419,"height":217,
         "size":381925,"views":4,"bandwidth":1527700,"link":"http://i.imgur.com/BJRWQw5.gif","gifv":"x"},
        {"id":"../etc","link":"https://i.imgur.com/x.png"},
        {"id":"fileURL","link":"file:///etc/passwd"},
        {"title":"no id","link":"https://i.imgur.com/y.png"}
      ],"success":true,"status":200}
      """
    let images = try await provider(body).images(token: "t", page: 0).get()
    XCTAssertEqual(images.map(\.id), ["iNQgWQq", "BJRWQw5"], "hostile ids and non-HTTP links are dropped")
    XCTAssertNil(images[0].title)
    XCTAssertEqual(images[0].description, "ping")
    XCTAssertEqual(images[0].bandwidth, 9_007_199_254_740)
    XCTAssertEqual(images[0].thumbnailURL, "https://i.imgur.com/iNQgWQqm.png")
    XCTAssertEqual(images[1].thumbnailURL, "http://i.imgur.com/BJRWQw5m.jpg", "animated: a still thumbnail")
    XCTAssertTrue(images[1].animated)
  }

  func testErrorShapesKeepTheServersWords() async throws {
    let cases: [(String, Int, [String: String], String?, Int?)] = [
      (
        #"{"data":{"error":"The access token provided is invalid.","request":"\/3\/image","method":"POST"},"success":false,"status":403}"#,
        403, [:], "The access token provided is invalid.", nil
      ),
      (
        #"{"data":{"error":{"code":1003,"message":"File type invalid (1)","type":"ImgurException","exception":[]},"request":"\/3\/image","method":"POST"},"success":false,"status":400}"#,
        400, [:], "File type invalid (1)", nil
      ),
      (#"{"data":"An error occurred","success":false,"status":500}"#, 500, [:], "An error occurred", nil),
      (#"{"data":false,"success":false,"status":500}"#, 500, [:], nil, nil),
      (
        #"{"errors":[{"id":"legacy","code":"429","status":"Too Many Requests","detail":"Too Many Requests"}]}"#,
        429,
        [
          "x-ratelimit-userremaining": "0", "x-ratelimit-userreset": "3600",
          "x-post-rate-limit-reset": "1648",
        ],
        "Too Many Requests", 3600
      ),
      ("{}", 429, ["x-post-rate-limit-reset": "1648"], nil, 1648),
      // Issue 29, item 1: the user and client resets are epoch times: the wait is to them
      // from the answer's own Date (Tue, 24 Nov 2026 17:00:00 GMT is 1795539600).
      (
        "{}", 429,
        [
          "date": "Tue, 24 Nov 2026 17:00:00 GMT", "x-ratelimit-userremaining": "0",
          "x-ratelimit-userreset": "1795540500",
        ], nil, 900
      ),
      (
        "{}", 429,
        [
          "date": "Tue, 24 Nov 2026 17:00:00 GMT", "x-ratelimit-clientremaining": "0",
          "x-ratelimit-clientreset": "1795539660",
        ], nil, 60
      ),
      ("{}", 429, ["retry-after": "7"], nil, 7),
      ("Service Unavailable", 503, [:], "Service Unavailable", nil),
    ]
    for (body, status, headers, message, retry) in cases {
      let f = try failure(await provider(body, status: status, headers: headers).images(token: "t", page: 0))
      XCTAssertEqual(f.kind, .http, body)
      XCTAssertEqual(f.status, status, body)
      XCTAssertEqual(f.serverMessage, message, body)
      XCTAssertEqual(f.retryAfterSeconds, retry, body)
    }
    // A 200 whose envelope says it failed (over capacity) is a failure, not an empty list.
    let overCapacity = try failure(
      await provider(
        #"{"data":{"error":"Imgur is over capacity. Please try again."},"success":false,"status":1203}"#
      )
      .images(token: "t", page: 0))
    XCTAssertEqual(overCapacity.serverMessage, "Imgur is over capacity. Please try again.")
    XCTAssertNil(overCapacity.status, "a 200 that says it failed has no HTTP status (request.unsuccessful)")
    XCTAssertEqual(overCapacity.message.code, "request.unsuccessful")
    // A status no Int can hold (it aborted the process before) is just not an HTTP status.
    for huge in ["1e300", "9223372036854775808", "-1e19"] {
      let f = try failure(
        await provider(#"{"data":{"error":"x"},"success":false,"status":\#(huge)}"#).images(
          token: "t", page: 0))
      XCTAssertNil(f.status, huge)
    }
    let html = try failure(await provider("<html>").images(token: "t", page: 0))
    XCTAssertEqual(html.kind, .malformed)
    let notAList = try failure(
      await provider(#"{"data":{"a":1},"success":true}"#).images(token: "t", page: 0))
    XCTAssertEqual(notAList.kind, .malformed)
  }

  func testRefreshReadsTheBareTokenAnswerAndKeepsTheOldRefreshTokenWhenNoneComes() async throws {
    let full = try await provider(
      #"{"access_token":"6e07","expires_in":315360000,"token_type":"bearer","scope":"","refresh_token":"e325","account_id":135798223,"account_username":"A8X"}"#
    ).refresh(refreshToken: "old").get()
    XCTAssertEqual(full, AccountTokens(accessToken: "6e07", refreshToken: "e325", expiresIn: 315_360_000))
    let partial = try await provider(#"{"access_token":"n","expires_in":3600,"token_type":"Bearer"}"#)
      .refresh(
        refreshToken: "old"
      ).get()
    XCTAssertEqual(partial.refreshToken, "old")
    let refused = try failure(
      await provider(
        #"{"data":{"error":"Invalid refresh token","request":"\/oauth2\/token","method":"POST"},"success":false,"status":400}"#,
        status: 400
      ).refresh(refreshToken: "old"))
    XCTAssertEqual(refused.status, 400)
    XCTAssertEqual(refused.serverMessage, "Invalid refresh token")
    let noSecret = ImgurProvider(
      baseURL: "https://api.example", clientID: "c", clientSecret: nil,
      http: Canned(response: HTTPResponse(status: 200)))
    let withoutSecret = try failure(await noSecret.refresh(refreshToken: "r"))
    XCTAssertEqual(withoutSecret.kind, .misconfigured)
    XCTAssertEqual(withoutSecret.setting, "IMGUR_CLIENT_SECRET")
  }

  func testRedirectsAreReadFromTheFragmentWithTheStateInQueryOrFragment() {
    let real =
      "https://imgur.com/?state=test#access_token=1bc9&expires_in=315360000&token_type=bearer&refresh_token=d152&account_username=frouioui&account_id=114888747"
    let grant = try? OAuthRedirect.parse(real, expectedState: "test").get()
    XCTAssertEqual(grant?.username, "frouioui")
    XCTAssertEqual(grant?.accountID, 114_888_747)
    XCTAssertEqual(grant?.expiresIn, 315_360_000)
    XCTAssertEqual(grant?.accessToken, "1bc9")
    let inFragment =
      "myapp://cb#state=s%20t&access_token=a&expires_in=60&token_type=Bearer&refresh_token=r&account_username=J%C3%BCrgen&account_id=7"
    XCTAssertEqual(try? OAuthRedirect.parse(inFragment, expectedState: "s t").get().username, "Jürgen")
    func code(_ url: String) -> String? {
      if case .failure(let f) = OAuthRedirect.parse(url, expectedState: "test") { return f.code }
      return nil
    }
    XCTAssertEqual(
      code(real.replacingOccurrences(of: "state=test", with: "state=evil")), "account.stateMismatch")
    XCTAssertEqual(code(real.replacingOccurrences(of: "?state=test", with: "")), "account.stateMismatch")
    XCTAssertEqual(code("https://imgur.com/?error=access_denied&state=test"), "account.loginDenied")
    XCTAssertEqual(
      code(real.replacingOccurrences(of: "token_type=bearer", with: "token_type=mac")),
      "account.redirectIncomplete")
    XCTAssertEqual(
      code(real.replacingOccurrences(of: "expires_in=315360000", with: "expires_in=soon")),
      "account.redirectIncomplete")
    XCTAssertEqual(
      code(real.replacingOccurrences(of: "&account_id=114888747", with: "")), "account.redirectIncomplete")
    XCTAssertEqual(code(String(repeating: "x", count: 9000)), "account.redirectInvalid")
  }

  func testUploadFilesAreCheckedByTheirBytesSizeAndKind() throws {
    let dir = TemporaryDirectory()
    func problem(_ path: String) -> String? {
      do {
        _ = try UploadFile.inspect(path)
        return nil
      } catch { return error.description }
    }
    let gif = dir.path + "/cat.txt"
    _ = FileManager.default.createFile(
      atPath: gif, contents: Data("GIF89a".utf8 + [UInt8](repeating: 1, count: 20)))
    XCTAssertEqual(try UploadFile.inspect(gif).mimeType, "image/gif", "by its bytes, not its name")
    let text = dir.path + "/photo.png"
    _ = FileManager.default.createFile(atPath: text, contents: Data("hello".utf8))
    XCTAssertEqual(problem(text), "path \"\(text)\" is not an image (JPEG, PNG, GIF, WebP or BMP)")
    XCTAssertEqual(problem(dir.path), "path \"\(dir.path)\" is not a regular file")
    XCTAssertEqual(problem(dir.path + "/missing.png"), "path \"\(dir.path)/missing.png\" does not exist")
    let empty = dir.path + "/empty.png"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    XCTAssertEqual(problem(empty), "path \"\(empty)\" is empty")
    let big = dir.path + "/big.jpg"
    _ = FileManager.default.createFile(
      atPath: big, contents: Data([0xFF, 0xD8, 0xFF]) + Data(count: UploadFile.maxBytes))
    XCTAssertEqual(
      problem(big), "path \"\(big)\" has \(UploadFile.maxBytes + 3) bytes; the limit is 10485760 (10 MB)")
    XCTAssertNotNil(problem("a\0b"))
    // Issue 28, minor 3: the magic bytes alone are not an image.
    for (name, bytes) in [
      ("three.jpg", [UInt8]([0xFF, 0xD8, 0xFF])), ("short.gif", Array("GIF89a".utf8)),
      ("bare.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 80)),
      ("noend.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 200)),
    ] {
      let path = dir.path + "/" + name
      _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
      XCTAssertEqual(problem(path), "path \"\(path)\" is not an image (JPEG, PNG, GIF, WebP or BMP)", name)
    }
    let jpeg = dir.path + "/whole.jpg"
    _ = FileManager.default.createFile(
      atPath: jpeg,
      contents: Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 200) + [0xFF, 0xD9]))
    XCTAssertEqual(try UploadFile.inspect(jpeg).mimeType, "image/jpeg")
    XCTAssertNotNil(problem("/dev/zero"), "not a regular file")
  }

  /// Bodies in Imgur's shapes (Fixtures/providers: every variant the service answers with,
  /// our own values) decode.
  func testImgurBodiesInEveryShapeDecode() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/providers").path
    func read(_ name: String) throws -> String {
      try String(contentsOfFile: "\(root)/\(name)", encoding: .utf8)
    }
    for name in ["imgur-account-images.json", "imgur-account-images-2015.json"] {
      let images = try await provider(try read(name)).images(token: "t", page: 0).get()
      XCTAssertGreaterThanOrEqual(images.count, 2, name)
      XCTAssertTrue(images.allSatisfy { $0.link.hasPrefix("http") && !$0.id.isEmpty }, name)
    }
    for name in [
      "imgur-upload.json", "imgur-upload-docs-example.json", "imgur-upload-authed-librarymock.json",
    ] {
      let file = UploadFile(path: "/x.png", fileName: "x.png", byteCount: 1, mimeType: "image/png")
      let image = try await provider(try read(name)).upload(
        token: "t", request: UploadRequest(file: file), bytes: [1], progress: { _, _ in }
      ).get()
      XCTAssertFalse(image.id.isEmpty, name)
    }
    try await provider(try read("imgur-delete.json")).delete(token: "t", id: "abc").get()
    for name in ["imgur-token.json", "imgur-token-docs-example.json"] {
      let tokens = try await provider(try read(name)).refresh(refreshToken: "r").get()
      XCTAssertGreaterThan(tokens.expiresIn, 0, name)
    }
    let errors: [(String, Int?, String?)] = [
      ("imgur-error-invalid-access-token-403.json", 403, "The access token provided is invalid."),
      ("imgur-error-invalid-refresh-token-400.json", 400, "Invalid refresh token"),
      ("imgur-error-file-type-invalid-400.json", 400, "File type invalid (1)"),
      ("imgur-error-429-v1-envelope.json", 429, "Too Many Requests"),
      ("imgur-error-500-object.json", 500, "Could not complete request"),
      ("imgur-error-auth-required-401.json", 401, "Authentication required"),
      ("imgur-error-raw-string-data.json", 500, "An error occurred"),
      (
        "imgur-error-refresh-token-invalid-for-client-400.json", 400,
        "Refresh token doesn't exist or is invalid for the client"
      ),
      ("imgur-error-over-capacity-1203.json", nil, "Imgur is over capacity. Please try again."),
    ]
    for (name, status, message) in errors {
      // Over capacity arrives with a 2xx and `success: false` in the captures' source.
      let http = name.contains("1203") ? 200 : status ?? 500
      let f = try failure(await provider(try read(name), status: http).images(token: "t", page: 0))
      XCTAssertEqual(f.status, status, name)
      XCTAssertEqual(f.serverMessage, message, name)
    }
    // The rate-limit headers of a real 429: the user budget is spent, so its reset is the wait.
    var headers: [String: String] = [:]
    for line in try read("imgur-rate-limit-headers-429.txt").split(separator: "\n") where !line.hasPrefix("#")
    {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
    }
    let limited = try failure(await provider("{}", status: 429, headers: headers).images(token: "t", page: 0))
    XCTAssertEqual(limited.retryAfterSeconds, 3600)
    let redirect = try read("imgur-oauth-redirect-fragment.txt").trimmingCharacters(
      in: .whitespacesAndNewlines)
    XCTAssertEqual(try OAuthRedirect.parse(redirect, expectedState: "test").get().username, "gallerytester")
  }
}
