import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// Issue 29, item 19: every error a method answers with is listed for it in the OpenRPC
/// document: before `initialize`, with a parameter it does not take, and after `shutdown`.
final class DeclaredErrorsTests: XCTestCase {
  func testEveryErrorAMethodAnswersIsInTheDocument() throws {
    let p = try InProcessServer(testClock: ManualClock(start: 1_795_000_000_000))
    let requests = MethodCatalog.all.filter { !$0.isNotification && $0.name != "initialize" }
    func check(_ spec: MethodSpec, _ params: String?, _ when: String) {
      let answer = p.response(to: p.request(spec.name, params)).response
      guard case .number(let code)? = answer["error"]?["code"] else { return }
      XCTAssertTrue(
        spec.possibleErrors.contains(Int(code)),
        "\(spec.name) \(when) answered \(Int(code)), not in the document")
    }
    for spec in requests { check(spec, nil, "before initialize") }
    let initialize = try XCTUnwrap(MethodCatalog.all.first { $0.name == "initialize" })
    let bad = p.error("initialize", #"{"initializationOptions":{"home":"nowhere"}}"#)
    XCTAssertTrue(initialize.possibleErrors.contains(-32602), "\(bad)")
    _ = p.initialize()
    XCTAssertTrue(initialize.possibleErrors.contains(-32600), "a second initialize")
    for spec in requests where spec.name != "shutdown" {
      check(spec, #"{"zzz":1}"#, "with an unknown parameter")
    }
    p.call(Requests.Shutdown())
    for spec in requests { check(spec, nil, "after shutdown") }
    XCTAssertEqual(p.error(Requests.StateGet())["code"], .number(-32600))
  }
}
