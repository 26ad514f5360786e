import Foundation
import XCTest

/// Every text the web page shows follows `/settings/language`: each label the page's scripts
/// ask for (`t("key")`) is written in every language the page has, and no language has a
/// label the others lack.
final class WebPageLabelsTests: XCTestCase {
  static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Web")

  /// The keys of one language's table in app.js (`en: { key: "…", … },`).
  private func keys(of language: String, in source: String) throws -> Set<String> {
    let start = try XCTUnwrap(source.range(of: "\n  \(language): {"), "no \(language) labels")
    let end = try XCTUnwrap(source.range(of: "},\n", range: start.upperBound..<source.endIndex))
    let table = String(source[start.upperBound..<end.lowerBound])
    let key = try NSRegularExpression(pattern: #"(?:^|[{,\s])([A-Za-z]+):\s*""#)
    let range = NSRange(table.startIndex..., in: table)
    return Set(
      key.matches(in: table, range: range).compactMap {
        Range($0.range(at: 1), in: table).map { String(table[$0]) }
      })
  }

  func testEveryLabelThePageAsksForIsWrittenInEveryLanguage() throws {
    let app = try String(contentsOf: Self.web.appendingPathComponent("app.js"), encoding: .utf8)
    let english = try keys(of: "en", in: app)
    let spanish = try keys(of: "es", in: app)
    XCTAssertGreaterThan(english.count, 50)
    XCTAssertEqual(english.subtracting(spanish).sorted(), [], "labels with no Spanish text")
    XCTAssertEqual(spanish.subtracting(english).sorted(), [], "labels with no English text")
    let asked = try NSRegularExpression(pattern: #"\bt\("([A-Za-z]+)"\)"#)
    for name in ["app.js", "inspector.js"] {
      let source = try String(contentsOf: Self.web.appendingPathComponent(name), encoding: .utf8)
      for match in asked.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
        guard let range = Range(match.range(at: 1), in: source) else { continue }
        let key = String(source[range])
        XCTAssertTrue(
          english.contains(key) && spanish.contains(key), "\(name) asks for \(key), not in every language")
      }
    }
  }
}
