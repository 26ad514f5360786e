import Foundation
import XCTest

@testable import GalleryCore

/// protocol/events.md's table of event types is rendered from the registry: every composed
/// feature's events, in module order, each with the `EventDoc` its type must declare (a new
/// event does not compile without one, and a new feature's events appear with no hand edit).
/// `GALLERY_RECORD_DOCS=1 swift test --filter EventDocsTests` writes the table again.
final class EventDocsTests: XCTestCase {
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("protocol/events.md").path
  static let start = "<!-- event types: generated -->"
  static let end = "<!-- end of event types -->"

  /// The table, one row a registered type: type, the version this build writes, its role in
  /// a rerun, data, when.
  static func table() -> String {
    var lines = ["| type | v | role | data | recorded when |", "|---|---|---|---|---|"]
    for type in GalleryModules.all.flatMap({ $0.events }) {
      lines.append(
        "| `\(type.type)` | \(type.version) | \(type.roleName) | \(type.documented.data) | \(type.documented.recordedWhen) |"
      )
    }
    return lines.joined(separator: "\n")
  }

  func testTheTableIsTheRegistrysAndNamesEveryTypeOnce() throws {
    let text = try String(contentsOfFile: Self.document, encoding: .utf8)
    guard let from = text.range(of: Self.start + "\n"), let to = text.range(of: "\n" + Self.end),
      from.upperBound <= to.lowerBound
    else { return XCTFail("protocol/events.md has no \(Self.start) … \(Self.end) section") }
    let rendered = Self.table()
    if ProcessInfo.processInfo.environment["GALLERY_RECORD_DOCS"] == "1" {
      try text.replacingCharacters(in: from.upperBound..<to.lowerBound, with: rendered)
        .write(toFile: Self.document, atomically: true, encoding: .utf8)
      return
    }
    XCTAssertEqual(
      String(text[from.upperBound..<to.lowerBound]), rendered,
      "protocol/events.md's event table differs from the registry: GALLERY_RECORD_DOCS=1 writes it")
    // Every type the registry decodes is in the table once, and nothing else is.
    let rows = rendered.split(separator: "\n").dropFirst(2).map { $0.split(separator: "`")[1] }
    XCTAssertEqual(rows.count, Set(rows).count, "a type is rendered twice")
    XCTAssertEqual(Set(rows.map(String.init)), Set(EventRegistry.app.decoders.keys))
  }
}
