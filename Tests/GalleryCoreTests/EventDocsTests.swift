import Foundation
import XCTest

@testable import GalleryCore

/// protocol/events.md documents every event type the registry knows, at the version this
/// build writes, and nothing else: a feature's new event fails here until it has its row
/// (Favorites' three had none, and nothing noticed).
final class EventDocsTests: XCTestCase {
  static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("protocol/events.md").path

  func testEveryRegisteredEventHasItsRowAndEveryRowIsRegistered() throws {
    let text = try String(contentsOfFile: Self.document, encoding: .utf8)
    var documented: [String: Int] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count >= 2, cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { continue }
      documented[String(cells[0].dropFirst().dropLast())] = Int(cells[1])
    }
    let registered = EventRegistry.app.decoders.mapValues { $0.type.version }
    for (type, version) in registered.sorted(by: { $0.key < $1.key }) {
      XCTAssertEqual(documented[type], version, "protocol/events.md: `\(type)` at v\(version)")
    }
    for type in documented.keys.sorted() where registered[type] == nil {
      XCTFail("protocol/events.md documents `\(type)`, which no feature registers")
    }
  }
}
