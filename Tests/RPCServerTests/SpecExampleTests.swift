import Foundation
import GalleryCore
import RPCServer
import XCTest

/// The JSON-RPC 2.0 specification's examples (section 7), in both framings, in process (the
/// bytes the binary gets). Where the spec calls `subtract` or `sum`, which we do not have, the answer is
/// the spec's "method not found"; the shapes of every other answer are the spec's own.
final class SpecExampleTests: XCTestCase {
  func started(_ framing: Framing) throws -> InProcessServer {
    let p = try InProcessServer(framing: framing)
    _ = p.initialize()
    return p
  }

  func check(_ framing: Framing) throws {
    let p = try started(framing)
    // Positional and named params against a method that does not exist: -32601 with the id.
    p.send(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#)
    XCTAssertEqual(p.next()?["error"]?["code"], .number(-32601))
    p.send(#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#)
    let notFound = p.next()
    XCTAssertEqual(notFound?["id"], .string("1"), "a string id comes back as a string")
    XCTAssertEqual(notFound?["error"]?["message"], .string("Method not found"))
    // A notification is never answered, even for an unknown method: the next answer is for id 2.
    p.send(#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#)
    p.send(#"{"jsonrpc": "2.0", "method": "state/get", "params": {"pointer": "/session/status"}, "id": 2}"#)
    let state = p.next()
    XCTAssertEqual(state?["id"], .number(2))
    XCTAssertEqual(state?["result"]?["value"], .string("signedOut"))
    // Invalid JSON: -32700, id null.
    p.send(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#)
    let parse = p.next()
    XCTAssertEqual(parse?["error"]?["code"], .number(-32700))
    XCTAssertEqual(parse?["id"], .null)
    XCTAssertNotNil(parse?["error"]?["data"]?.string, "data says what was wrong")
    // Invalid Request object: -32600, id null.
    p.send(#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#)
    let invalid = p.next()
    XCTAssertEqual(invalid?["error"]?["code"], .number(-32600))
    XCTAssertEqual(invalid?["id"], .null)
    // Batch, invalid JSON: one -32700.
    p.send(#"[{"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},{"jsonrpc": "2.0", "method""#)
    XCTAssertEqual(p.next()?["error"]?["code"], .number(-32700))
    // Empty array: one -32600, not an array.
    p.send("[]")
    let empty = p.next()
    XCTAssertEqual(empty?["error"]?["code"], .number(-32600))
    // Invalid batch of one and of three: an array of -32600s.
    p.send("[1]")
    XCTAssertEqual(p.next()?.array?.map { $0["error"]?["code"] }, [.number(-32600)])
    p.send("[1,2,3]")
    XCTAssertEqual(p.next()?.array?.map { $0["error"]?["code"] }, Array(repeating: .number(-32600), count: 3))
    // A batch over the limit (1000): one -32600 naming it, and nothing in it runs.
    let huge =
      "["
      + Array(
        repeating: #"{"jsonrpc":"2.0","method":"auth/setEmail","params":{"value":"a"},"id":9}"#, count: 1001
      ).joined(separator: ",") + "]"
    p.send(huge)
    let refused = p.next()
    XCTAssertEqual(refused?["error"]?["code"], .number(-32600))
    XCTAssertEqual(
      refused?["error"]?["data"], .string("a batch of 1001 messages is over the limit of 1000; none was run"))
    // Mixed batch: answers for the requests only, invalid members included.
    p.send(
      #"""
      [{"jsonrpc": "2.0", "method": "state/get", "params": {"pointer": "/route"}, "id": "1"},
       {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
       {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
       {"foo": "boo"},
       {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
       {"jsonrpc": "2.0", "method": "get_data", "id": "9"}]
      """#.replacingOccurrences(of: "\n", with: ""))
    let batch = p.next()?.array ?? []
    XCTAssertEqual(batch.map { $0["id"] }, [.string("1"), .string("2"), .null, .string("5"), .string("9")])
    XCTAssertEqual(
      batch[0]["result"]?["value"], .array([.object(["screen": .string("login"), "id": .null])]))
    XCTAssertEqual(batch[2]["error"]?["code"], .number(-32600))
    XCTAssertEqual(batch[3]["error"]?["code"], .number(-32601))
    // A batch of notifications only: nothing comes back; the next answer is for id 3.
    p.send(
      #"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]"#
    )
    p.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
    XCTAssertEqual(p.next()?["id"], .number(3))
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }

  func testSpecExamplesNewlineDelimited() throws { try check(.ndjson) }
  func testSpecExamplesContentLength() throws { try check(.lsp) }

  func testIdsAreEchoedAsSentIncludingNull() throws {
    let p = try started(.ndjson)
    p.send(#"{"jsonrpc":"2.0","id":null,"method":"state/get","params":{"pointer":"/session"}}"#)
    let null = p.next()
    XCTAssertEqual(null?["id"], .null)
    XCTAssertNotNil(null?["result"])
    // A fraction could not come back digit for digit (issue 28): refused, id null.
    p.send(#"{"jsonrpc":"2.0","id":-7.5,"method":"state/get"}"#)
    let fraction = p.next()
    XCTAssertEqual(fraction?["error"]?["code"], .number(-32600))
    XCTAssertEqual(fraction?["id"], .null)
    p.send(#"{"jsonrpc":"2.0","id":{"a":1},"method":"state/get"}"#)
    let bad = p.next()
    XCTAssertEqual(bad?["error"]?["code"], .number(-32600))
    XCTAssertEqual(bad?["id"], .null)
    p.send(#"{"jsonrpc":"1.0","id":5,"method":"state/get"}"#)
    let version = p.next()
    XCTAssertEqual(version?["error"]?["code"], .number(-32600))
    XCTAssertEqual(version?["id"], .number(5))
  }
}
