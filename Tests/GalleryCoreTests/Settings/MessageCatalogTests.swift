import Foundation
import GalleryCore
import XCTest

/// Every message exists in English and Spanish with the same placeholders.
final class MessageCatalogTests: XCTestCase {
  func placeholders(_ text: String) -> Set<String> {
    var found = Set<String>()
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      found.insert(String(rest[rest.index(after: open)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return found
  }

  func testEachCodeIsDefinedOnceAcrossTheFeatures() {
    XCTAssertEqual(MessageCatalog.duplicateCodes, [])
    XCTAssertEqual(MessageCatalog.english["video.noPlayableFile"]?.isEmpty, false, "a feature's own message")
    XCTAssertEqual(MessageCatalog.english["request.offline"]?.isEmpty, false, "a shared message")
  }

  func testEveryCodeHasASpanishTextWithTheSamePlaceholders() {
    for language in Language.allCases {
      let catalog = MessageCatalog.catalog(language)
      XCTAssertEqual(
        Set(catalog.keys), Set(MessageCatalog.english.keys), "\(language) has exactly English's codes")
      for (code, english) in MessageCatalog.english {
        XCTAssertEqual(placeholders(catalog[code] ?? ""), placeholders(english), "\(language) \(code)")
        XCTAssertFalse((catalog[code] ?? "").isEmpty, "\(language) \(code)")
      }
    }
  }

  func testMessagesRenderAgainInAnotherLanguageFromTheirArguments() {
    let failure = RequestFailure(kind: .http, status: 429, serverMessage: "slow down", retryAfterSeconds: 30)
    let english = failure.message(in: .en)
    XCTAssertEqual(
      english.message, "Too many requests. Try again in 30 seconds. The server said: “slow down”")
    let spanish = english.rendered(in: .es)
    XCTAssertEqual(
      spanish.message,
      "Demasiadas peticiones. Inténtalo de nuevo en 30 segundos. El servidor dijo: «slow down»")
    XCTAssertEqual(spanish.code, english.code)
    XCTAssertEqual(spanish.rendered(in: .en), english)
  }

  /// Issue 29, item 11: "1 second", not "1 seconds" (nor "1 segundos").
  func testOneSecondIsSingularInEveryLanguage() {
    for code in ["request.rateLimited", "request.retryTooSoon"] {
      XCTAssertTrue(MessageCatalog.text(code, ["seconds": "1"], in: .en).hasSuffix("1 second."), code)
      XCTAssertTrue(MessageCatalog.text(code, ["seconds": "1"], in: .es).hasSuffix("1 segundo."), code)
      XCTAssertTrue(MessageCatalog.text(code, ["seconds": "5"], in: .en).hasSuffix("5 seconds."), code)
      XCTAssertTrue(MessageCatalog.text(code, ["seconds": "5"], in: .es).hasSuffix("5 segundos."), code)
    }
  }

  func testTheLocaleDecidesTheFirstLanguage() {
    XCTAssertEqual(Language.fromLocale(["LANG": "es_ES.UTF-8"]), .es)
    XCTAssertEqual(Language.fromLocale(["LC_ALL": "en_US.UTF-8", "LANG": "es_MX.UTF-8"]), .en, "LC_ALL wins")
    XCTAssertEqual(Language.fromLocale(["LC_MESSAGES": "es", "LANG": "C"]), .es)
    XCTAssertEqual(Language.fromLocale([:]), .en)
    XCTAssertEqual(Language.fromLocale(["LANG": "fr_FR.UTF-8"]), .en, "no French: English")
  }
}

/// Issue 29, item 18: protocol/README.md documents every message code with its arguments,
/// as a table rendered from the catalog, so it cannot fall behind.
extension MessageCatalogTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("protocol/README.md").path

  /// The table of every code: its arguments (the placeholders) and its English text.
  func codeTable() -> String {
    var lines = ["| code | args | English text |", "|---|---|---|"]
    for (code, text) in MessageCatalog.english.sorted(by: { $0.key < $1.key }) {
      let args = MessageCatalog.arguments(of: code).map { "`\($0)`" }.joined(separator: ", ")
      let cell = text.replacingOccurrences(of: "|", with: "\\|")
      lines.append("| `\(code)` | \(args) | \(cell) |")
    }
    return lines.joined(separator: "\n")
  }

  func testTheProtocolDocumentsEveryMessageCodeWithItsArguments() throws {
    let (open, close) = ("<!-- message codes: generated -->\n", "<!-- end of message codes -->")
    let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
    guard let start = text.range(of: open),
      let end = text.range(of: close, range: start.upperBound..<text.endIndex)
    else { return XCTFail("protocol/README.md has no generated message-code section") }
    let expected = codeTable() + "\n"
    if ProcessInfo.processInfo.environment["GALLERY_RECORD_DOCS"] == "1" {
      try (text[..<start.upperBound] + expected + text[end.lowerBound...]).write(
        toFile: Self.readme, atomically: true, encoding: .utf8)
      return
    }
    XCTAssertEqual(
      String(text[start.upperBound..<end.lowerBound]), expected,
      "the message codes in protocol/README.md differ from the catalog: GALLERY_RECORD_DOCS=1 writes them")
    for code in [
      "request.rateLimitedNoDelay", "request.empty", "request.cancelled", "account.fileUnreadable",
    ] {
      XCTAssertTrue(expected.contains("| `\(code)` |"), code)
    }
  }
}
