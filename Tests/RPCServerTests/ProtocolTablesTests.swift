import Foundation
import GalleryCore
import RPCServer
import XCTest

/// Issue 30: protocol/README.md's index of methods and its table of tabs are rendered from
/// the declarations (the method catalog, each feature's tab), so they cannot fall behind.
/// `GALLERY_RECORD_DOCS=1 swift test --filter ProtocolTablesTests` writes them again.
final class ProtocolTablesTests: XCTestCase {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("protocol/README.md").path

  /// Every method: its parameters (`?` when optional; alternatives joined by "or") and the
  /// codes its -32010 can carry besides `history.readOnly`, which every action can.
  static func methodIndex() -> String {
    var lines = ["| method | params | -32010 codes |", "|---|---|---|"]
    for spec in MethodCatalog.all {
      var params: [String] = []
      var groups = Set<String>()
      for param in spec.params {
        if let group = param.group {
          guard groups.insert(group).inserted else { continue }
          params.append(
            spec.params.filter { $0.group == group }.map { "`\($0.name)`" }.joined(separator: " or "))
        } else {
          params.append("`\(param.name)\(param.required ? "" : "?")`")
        }
      }
      let codes = spec.refusals.filter { $0 != "history.readOnly" }.map { "`\($0)`" }.joined(separator: ", ")
      let name = spec.isNotification ? "`\(spec.name)` (notification)" : "`\(spec.name)`"
      lines.append("| \(name) | \(params.joined(separator: ", ")) | \(codes) |")
    }
    return lines.joined(separator: "\n")
  }

  /// Every tab: its root in `/route`, the screens it pushes, and whether an app can start on it.
  static func tabTable() -> String {
    var lines = ["| tab (`nav/open`) | root in `/route` | pushes | can be home |", "|---|---|---|---|"]
    for tab in Tab.allCases {
      let pushes = tab.pushes.map { "`\($0.rawValue)`" }.joined(separator: " → ")
      lines.append(
        "| `\(tab.rawValue)` | `\(tab.screen.rawValue)` | \(pushes) | \(tab.canBeHome ? "yes" : "") |")
    }
    return lines.joined(separator: "\n")
  }

  func testTheProtocolsMethodIndexAndTabsAreTheDeclarations() throws {
    var text = try String(contentsOfFile: Self.readme, encoding: .utf8)
    let record = ProcessInfo.processInfo.environment["GALLERY_RECORD_DOCS"] == "1"
    for (section, table) in [("methods", Self.methodIndex()), ("tabs", Self.tabTable())] {
      let (open, close) = ("<!-- \(section): generated -->\n", "<!-- end of \(section) -->")
      guard let start = text.range(of: open),
        let end = text.range(of: close, range: start.upperBound..<text.endIndex)
      else { return XCTFail("protocol/README.md has no generated \(section) section") }
      if record {
        text = String(text[..<start.upperBound]) + table + "\n" + String(text[end.lowerBound...])
      } else {
        XCTAssertEqual(
          String(text[start.upperBound..<end.lowerBound]), table + "\n",
          "the \(section) in protocol/README.md differ from the declarations: GALLERY_RECORD_DOCS=1 writes them"
        )
      }
    }
    if record { try text.write(toFile: Self.readme, atomically: true, encoding: .utf8) }
  }
}
