import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// Issue 18 item 2: with `language: es`, every text a user can see comes from a code in
/// Spanish: every refusal's `data.message`, every failure kind in the state, the demo
/// backend's answers and a missing key. A provider's own words may only stand beside the
/// Spanish text, never instead of it.
final class SpanishTests: XCTestCase {
  /// Words that only an English sentence of ours would contain.
  static let englishWords = [
    "the ", "The ", " is ", "must", "Wrong", "already", "Nobody", "Close", " first", "Enter", "Try ",
    "There ", "could", "cannot", " not ", "Sign in", "Wait", "No photo", "No album", "No image",
    "Too many", "server",
  ]

  func assertSpanish(_ text: String?, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let text, !text.isEmpty else { return XCTFail("\(what): no text", file: file, line: line) }
    // The server's own words are quoted in «…»; only ours are judged.
    let ours = text.split(separator: "«").map {
      $0.split(separator: "»", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }.joined(separator: " ")
    for word in Self.englishWords where ours.contains(word) {
      XCTFail("\(what) is in English (“\(word)”): \(text)", file: file, line: line)
    }
  }

  func testEveryRefusalAndEveryFailureIsInSpanish() throws {
    var environment = GalleryEnvironment()
    environment.feed = PixabayProvider(apiKey: nil, http: DefaultHTTPClient.make())
    let server = try InProcessServer(environment: environment)
    _ = server.initialize()
    server.call(Requests.SettingsUpdate(language: .es))

    let long = String(repeating: "a", count: 201)
    let refusals: [(method: String, params: String?, code: String)] = [
      ("nav/back", nil, "nav.atRoot"),
      ("auth/logout", nil, "auth.notSignedIn"),
      ("registration/setAge", #"{"value":"20"}"#, "auth.registrationClosed"),
      ("feed/openDetail", #"{"key":"pixabay:1"}"#, "feed.unknownKey"),
      ("detail/close", nil, "detail.notOpen"),
      ("feed/setQuery", #"{"text":"\#(long)"}"#, "feed.queryTooLong"),
      ("images/retry", #"{"key":"pixabay:1"}"#, "feed.unknownKey"),
      ("albums/open", #"{"albumId":999}"#, "albums.unknownAlbum"),
      ("albums/openPhoto", #"{"photoId":999}"#, "albums.unknownPhoto"),
      ("albums/retry", nil, "albums.nothingToRetry"),
      ("albums/setSearch", #"{"text":"\#(long)"}"#, "albums.searchTooLong"),
      ("account/loadImages", nil, "account.signedOut"),
      ("account/logout", nil, "account.notSignedIn"),
      ("account/completeLogin", #"{"redirectURL":"demo://x"}"#, "account.notAwaitingRedirect"),
      ("settings/update", #"{"appearance":"purple"}"#, "settings.invalid"),
      ("settings/update", #"{"pageSize":1}"#, "settings.invalid"),
      ("settings/update", #"{"environment":"staging"}"#, "settings.invalid"),
      ("settings/update", #"{"environments":{"uat":{"pixabay":"file:///etc"}}}"#, "settings.invalid"),
      ("settings/update", #"{"environments":{"uat":{"flickr":"https://x.example"}}}"#, "settings.invalid"),
    ]
    for refusal in refusals {
      let error = server.error(refusal.method, refusal.params)
      XCTAssertEqual(error["code"], .number(-32010), refusal.method)
      XCTAssertEqual(error["data"]?["code"], .string(refusal.code), refusal.method)
      assertSpanish(error["data"]?["message"]?.string, "\(refusal.method) → \(refusal.code)")
    }

    // The demo backend's refusals, and a missing key (a configuration error, not a sign-in).
    server.call(Requests.AuthSetEmail(value: "test@mail.com"))
    server.call(Requests.AuthSetPassword(value: "wrong-one"))
    server.call(Requests.AuthSubmitLogin())
    server.store.waitUntilIdle()
    XCTAssertEqual(server.store.state.login.error?.code, "auth.wrongCredentials")
    assertSpanish(server.store.state.login.error?.message, "wrong password")
    server.call(Requests.AuthSetPassword(value: "123456"))
    server.call(Requests.AuthSubmitLogin())
    server.store.waitUntilIdle()
    let missing = try XCTUnwrap(server.store.state.feed.error)
    XCTAssertEqual(missing.code, "config.missingKey")
    XCTAssertEqual(missing.args["variable"], "PIXABAY_API_KEY")
    XCTAssertFalse(missing.retryable)
    XCTAssertTrue(missing.message.contains("PIXABAY_API_KEY"))
    assertSpanish(missing.message, "missing key")
    XCTAssertEqual(server.error(Requests.AuthSubmitLogin())["data"]?["code"], .string("auth.alreadySignedIn"))

    // Every message in the whole state.
    for message in messages(in: try JSONValue(encoding: server.store.state)) {
      assertSpanish(message, "a message in the state")
    }
  }

  /// Issue 57 item 8: no text a user reads names a method or a parameter (a refusal says what
  /// the user can do), and `$/progress` begins with the `title` LSP requires, in the app's
  /// language.
  func testNoTextNamesAMethodAndProgressIsTitledInTheAppsLanguage() throws {
    for (language, catalog) in [("en", MessageCatalog.english), ("es", MessageCatalog.spanish)] {
      for (code, text) in catalog {
        XCTAssertNil(
          text.range(of: #"\b[a-z]+/[a-z][A-Za-z]+\b"#, options: .regularExpression),
          "\(language) \(code): \(text)")
        for parameter in ["quality ", "width ", "pageSize", "prefetchDistance", "imageCacheMegabytes"] {
          XCTAssertFalse(
            text.hasPrefix(parameter), "\(language) \(code) starts with a parameter's name: \(text)")
        }
      }
    }
    let server = try InProcessServer()
    _ = server.initialize()
    server.call(Requests.SettingsUpdate(language: .es))
    let id = server.request("events/read", #"{"workDoneToken":"r-1"}"#)
    let begin = server.response(to: id).notifications.first { $0["method"] == .string("$/progress") }
    XCTAssertEqual(begin?["params"]?["value"]?["kind"], .string("begin"))
    XCTAssertEqual(begin?["params"]?["value"]?["title"], .string("Leyendo eventos"))
  }

  func testEveryFailureKindRendersInSpanishWithTheProvidersWordsBeside() {
    let failures: [RequestFailure] = [
      .init(kind: .offline), .init(kind: .timeout), .init(kind: .malformed), .init(kind: .cancelled),
      .init(kind: .tooLarge, limitBytes: 20 << 20), .init(kind: .misconfigured, setting: "PEXELS_API_KEY"),
      .init(kind: .rejected, status: 400, serverMessage: "user not found"),
      .init(kind: .rejected, status: 400, serverMessage: "x", reason: "auth.emailTaken"),
    ]
    let statuses = [400, 401, 403, 404, 418, 429, 500, 503]
    let all =
      failures + statuses.map { RequestFailure(kind: .http, status: $0, serverMessage: "Some English words") }
      + [RequestFailure(kind: .http, status: 429, retryAfterSeconds: 30)]
    for failure in all {
      let text = failure.message(in: .es).message
      assertSpanish(text, "\(failure.kind) \(failure.status ?? 0)")
    }
    XCTAssertEqual(
      RequestFailure(kind: .rejected, status: 400, serverMessage: "user not found").message(in: .es).message,
      "El servidor rechazó la petición: «user not found»", "reqres's own words stay, beside a Spanish text")
    let missing = RequestFailure(kind: .misconfigured, setting: "PIXABAY_API_KEY").message(in: .en)
    XCTAssertEqual(missing.code, "config.missingKey")
    XCTAssertEqual(
      missing.message, "This provider needs an API key: set PIXABAY_API_KEY and start the app again.")
  }

  /// Every code the catalog has (every rejection and every failure's text among them), with
  /// its placeholders filled: none reads as English in Spanish.
  func testEveryCodeOfTheCatalogIsSpanishInSpanish() {
    XCTAssertGreaterThan(MessageCatalog.spanish.count, 80)
    for (code, template) in MessageCatalog.spanish {
      var args: [String: String] = [:]
      var rest = Substring(template)
      while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        args[String(rest[rest.index(after: open)..<close])] = "x"
        rest = rest[rest.index(after: close)...]
      }
      assertSpanish(MessageCatalog.text(code, args, in: .es), code)
    }
  }

  private func messages(in value: JSONValue) -> [String] {
    switch value {
    case .array(let items): return items.flatMap(messages)
    case .object(let members):
      if case .string(let text)? = members["message"], members["code"] != nil { return [text] }
      return members.values.flatMap(messages)
    default: return []
    }
  }
}
