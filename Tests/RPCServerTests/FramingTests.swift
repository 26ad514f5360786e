import Foundation
import GalleryCore
import RPCServer
import XCTest

/// Both framings, split and coalesced reads, and every framing fault, against the binary.
final class FramingTests: XCTestCase {
  let getStatus = #"{"jsonrpc":"2.0","id":9,"method":"state/get","params":{"pointer":"/session/status"}}"#

  func testAMessageSplitAcrossManyWritesAndManyInOneWrite() throws {
    for framing in Framing.allCases {
      let p = try RPCProcess(framing: framing)
      let initialize = framing.frame(
        Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#.utf8))
      for byte in initialize { p.write([byte]) }
      XCTAssertEqual(p.next()?["id"], .number(1), "\(framing)")
      let three = (10..<13).flatMap { id in
        framing.frame(
          Array(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"state/get","params":{"pointer":"/route/0/screen"}}"#.utf8
          ))
      }
      p.write(three)
      XCTAssertEqual(
        [p.next()?["id"], p.next()?["id"], p.next()?["id"]], [.number(10), .number(11), .number(12)])
      XCTAssertEqual(p.finish(), 1, "end of input without shutdown exits 1")
    }
  }

  func testNewlineFramingSurvivesGarbageInvalidUTF8AndOversizedLines() throws {
    let p = try RPCProcess(framing: .ndjson, extra: ["--max-message-bytes", "2048"])
    _ = p.initialize()
    p.write(Array("this is not json\n".utf8))
    XCTAssertEqual(p.next()?["error"]?["code"], .number(-32700))
    p.write([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D, 0x0A])  // {"\xC3(":1}
    let utf8 = p.next()
    XCTAssertEqual(utf8?["error"]?["code"], .number(-32700))
    XCTAssertTrue(utf8?["error"]?["data"]?.string?.contains("UTF-8") ?? false, "\(String(describing: utf8))")
    p.write(
      Array(
        (#"{"jsonrpc":"2.0","id":1,"method":"auth/setEmail","params":{"value":""#
          + String(repeating: "a", count: 5000) + "\"}}\n").utf8))
    let big = p.next()
    XCTAssertEqual(big?["error"]?["code"], .number(-32600))
    XCTAssertTrue(big?["error"]?["data"]?.string?.contains("2048") ?? false)
    p.send(getStatus)
    XCTAssertEqual(p.next()?["result"]?["value"], .string("signedOut"), "the connection stays usable")
    XCTAssertEqual(
      p.call("state/get", #"{"pointer":"/login/email/value"}"#)["value"], .string(""), "nothing was recorded")
  }

  func testContentLengthFramingSurvivesBadHeadersAndOversizedBodies() throws {
    let p = try RPCProcess(framing: .lsp, extra: ["--max-message-bytes", "2048"])
    _ = p.initialize()
    p.write(Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8))
    XCTAssertTrue(p.next()?["error"]?["data"]?.string?.contains("missing Content-Length") ?? false)
    p.write(Array("Content-Length: abc\r\n\r\n".utf8))
    XCTAssertTrue(p.next()?["error"]?["data"]?.string?.contains("not a non-negative integer") ?? false)
    let body = Array(String(repeating: " ", count: 4000).utf8)
    p.write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    XCTAssertTrue(p.next()?["error"]?["data"]?.string?.contains("exceeds the limit of 2048") ?? false)
    p.write(
      Array(
        "content-length: \(getStatus.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(getStatus)"
          .utf8))
    XCTAssertEqual(p.next()?["result"]?["value"], .string("signedOut"), "the connection stays usable")
  }

  func testForcedFramingAndDecoderUnit() throws {
    let p = try RPCProcess(framing: .ndjson, forceFraming: true)
    XCTAssertEqual(p.initialize()["capabilities"]?["framing"], .string("ndjson"))
    var d = FrameDecoder()
    XCTAssertEqual(d.feed(Array("Content-Len".utf8)), [])
    XCTAssertEqual(
      d.feed(Array("gth: 2\r\n\r\n{}Content-Length: 2\r\n\r\n[]".utf8)),
      [.message(Array("{}".utf8)), .message(Array("[]".utf8))])
    XCTAssertEqual(d.framing, .lsp)
    var n = FrameDecoder()
    XCTAssertEqual(n.feed(Array("{}\r\n\n  \n[1]".utf8)), [.message(Array("{}".utf8))])
    XCTAssertEqual(n.finish(), [.message(Array("[1]".utf8))])
  }
}
