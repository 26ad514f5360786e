import Foundation
import GalleryCore
import RPCServer
import XCTest

/// Issue 31 item 6: each action method lists the message codes its -32010 can carry
/// (`x-rejection-codes`), and the list is held to the code: every action method has one,
/// every code in it is in the catalog, and every code the domain throws is listed by some
/// method. (The clients' random sessions check that each refusal they meet is listed for its
/// method.)
final class RejectionDeclarationTests: XCTestCase {
  /// Codes thrown where no method's -32010 carries them, and why.
  static let notFromMethods: [String: String] = [
    "nav.badHome": "initialize's options: answered -32602 with its text"
  ]

  func testEveryActionMethodListsItsRefusalsAndEachIsACataloguedCode() {
    let actions = MethodCatalog.all.filter { if case .action = $0.route { true } else { false } }
    guard case .object(let codes)? = OpenRPCDocument.build(serverVersion: "x")["x-message-codes"] else {
      return XCTFail("no x-message-codes")
    }
    XCTAssertFalse(actions.isEmpty)
    for spec in actions {
      XCTAssertTrue(spec.refusals.contains("history.readOnly"), spec.name)
      for code in spec.refusals {
        XCTAssertNotNil(codes[code], "\(spec.name) lists \(code), which x-message-codes lacks")
      }
    }
    let document = OpenRPCDocument.build(serverVersion: "x")
    guard case .array(let methods)? = document["methods"] else { return XCTFail("no methods") }
    for case .object(let method) in methods {
      guard case .string(let name)? = method["name"],
        let spec = MethodCatalog.all.first(where: { $0.name == name })
      else { continue }
      if case .action = spec.route {
        XCTAssertEqual(method["x-rejection-codes"], .array(spec.refusals.map { .string($0) }), name)
      } else {
        XCTAssertNil(method["x-rejection-codes"], name)
      }
    }
  }

  func testEveryCodeTheDomainThrowsIsListedBySomeMethod() throws {
    let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/GalleryCore")
    let listed = Set(MethodCatalog.all.flatMap(\.refusals))
    var thrown: Set<String> = []
    let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources.path))
    for case let file as String in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      var rest = text[...]
      while let found = rest.range(of: "Rejection(\"") {
        let code = rest[found.upperBound...].prefix { $0 != "\"" }
        thrown.insert(String(code))
        rest = rest[found.upperBound...]
      }
    }
    XCTAssertGreaterThan(thrown.count, 20, "the scan found the domain's refusals")
    for code in thrown.sorted() where Self.notFromMethods[code] == nil {
      XCTAssertTrue(listed.contains(code), "\(code) is thrown but no method lists it in x-rejection-codes")
    }
    // settings.invalid is built by a helper, not a literal: listed all the same.
    XCTAssertTrue(listed.contains("settings.invalid"))
  }
}
