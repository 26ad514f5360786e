import Foundation
import GalleryClient
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
    XCTAssertEqual(big?["id"], .number(1), "answered to its own id: its sender waits on it")
    XCTAssertTrue(big?["error"]?["data"]?.string?.contains("2048") ?? false)
    p.send(getStatus)
    XCTAssertEqual(p.next()?["result"]?["value"], .string("signedOut"), "the connection stays usable")
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/login/email/value"))["value"], .string(""), "nothing was recorded")
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

  /// A message past the bound is answered to the id its first bytes hold, in both framings,
  /// whatever the reads' boundaries; an id past the head, or none, is answered to null.
  func testAnOversizedMessageIsAnsweredToTheIDItsFirstBytesHold() throws {
    let pad = String(repeating: "x", count: 3000)
    let cases: [(String, RPCID?)] = [
      (#"{"jsonrpc":"2.0","id":"a\"b","method":"m","params":{"v":"\#(pad)"}}"#, .string("a\"b")),
      (#"{ "params" : {"n":[1,{"k":"}"}]}, "id" : 12 , "v":"\#(pad)"}"#, .number(12)),
      (#"{"params":{"v":"\#(pad)"},"id":3}"#, nil),
      (#"[{"id":4,"v":"\#(pad)"}]"#, nil),
    ]
    for (text, id) in cases {
      for framing in Framing.allCases {
        for step in [1, 7, 100_000] {
          var d = FrameDecoder(choice: framing == .lsp ? .lsp : .ndjson, maxMessageBytes: 2048)
          let bytes = framing.frame(Array(text.utf8)) + framing.frame(Array("{}".utf8))
          var items: [FrameDecoder.Item] = []
          var i = 0
          while i < bytes.count {
            items += d.feed(bytes[i..<min(bytes.count, i + step)])
            i += step
          }
          items += d.finish()
          XCTAssertEqual(items.count, 2, "\(framing) \(step): \(items)")
          guard case .tooLarge(let reason, let head)? = items.first else {
            XCTFail("\(framing) \(step): \(items)")
            continue
          }
          XCTAssertLessThanOrEqual(head.count, FrameDecoder.headBytes)
          XCTAssertEqual(LeadingID.find(in: head), id, "\(framing) \(step) \(text.prefix(40))")
          XCTAssertTrue(reason.contains("2048"), reason)
          XCTAssertEqual(items.last, .message(Array("{}".utf8)), "the next message reads")
        }
      }
    }
    let p = try RPCProcess(framing: .lsp, extra: ["--max-message-bytes", "2048"])
    _ = p.initialize()
    p.send(#"{"jsonrpc":"2.0","id":77,"method":"auth/setEmail","params":{"value":"\#(pad)"}}"#)
    let refused = p.next()
    XCTAssertEqual(refused?["id"], .number(77))
    XCTAssertEqual(refused?["error"]?["code"], .number(-32600))
  }

  /// A request naming a parameter twice: the last value counts, on the fast reading of a
  /// small params object and on the parsed one alike (as jq and Python's json take it).
  func testAParameterGivenTwiceTakesItsLastValueOnEveryPath() throws {
    let p = try RPCProcess(framing: .ndjson)
    _ = p.initialize()
    /// The id of the next answer, past the patches before it.
    func answer(_ id: Int) -> JSONValue? {
      while let message = p.next() {
        if message["method"] == nil { return message["id"] }
      }
      return nil
    }
    p.send(
      #"{"jsonrpc":"2.0","id":5,"method":"auth/setEmail","params":{"value":"first@b.c","value":"last@b.c"}}"#)
    XCTAssertEqual(answer(5), .number(5))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/login/email/value"))["value"], .string("last@b.c"))
    // Past the fast reading's four members: parsed.
    p.send(
      #"{"jsonrpc":"2.0","id":6,"method":"settings/update","params":{"pageSize":20,"appearance":"light","language":"en","prefetchDistance":4,"pageSize":30}}"#
    )
    XCTAssertEqual(answer(6), .number(6))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/settings/pageSize"))["value"], .number(30))
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

  /// What the connection queues (`append`) is byte for byte the framed message, after what
  /// was queued before it, in both framings; and a decoder reads it back whole.
  func testAMessageAppendedToTheQueueIsItsFrame() {
    let body = Array(#"{"jsonrpc":"2.0","method":"state/changed","params":{"é":"\n"}}"#.utf8)
    for framing in Framing.allCases {
      var queued = Array("before".utf8)
      framing.append(body, to: &queued)
      XCTAssertEqual(queued, Array("before".utf8) + framing.frame(body), "\(framing)")
      var d = FrameDecoder()
      XCTAssertEqual(d.feed(queued.dropFirst(6)) + d.finish(), [.message(body)], "\(framing)")
    }
  }
}

/// What off-the-shelf clients send, and what a broken client must not cost the next message.
final class ClientCompatibilityTests: XCTestCase {
  let getStatus = #"{"jsonrpc":"2.0","id":9,"method":"state/get","params":{"pointer":"/session/status"}}"#

  func testNullParamsMeanOmittedOnRequestsAndNotifications() throws {
    let p = try RPCProcess()
    p.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":null}"#)
    XCTAssertEqual(p.next()?["result"]?["serverInfo"]?["name"], .string("gallery-rpc"))
    p.send(#"{"jsonrpc":"2.0","method":"initialized","params":null}"#)
    p.send(#"{"jsonrpc":"2.0","id":2,"method":"state/get","params":null}"#)
    XCTAssertNotNil(p.next()?["result"]?["value"]?["session"], "pygls sends null params on state/get")
    p.send(#"{"jsonrpc":"2.0","id":3,"method":"rpc.discover","params":null}"#)
    XCTAssertEqual(p.next()?["result"]?["openrpc"]?.string?.first, "1")
    p.send(#"{"jsonrpc":"2.0","method":"nav/back","params":null}"#)
    p.send(#"{"jsonrpc":"2.0","id":4,"method":"shutdown","params":null}"#)
    let answer = p.next()
    XCTAssertEqual(answer?["id"], .number(4), "a notification with null params draws no error reply")
    XCTAssertEqual(answer?["result"], .null)
    p.send(#"{"jsonrpc":"2.0","method":"exit","params":null}"#)
    XCTAssertEqual(p.finish(), 0)
  }

  func testIntegersPast2To53AreExactAndOutOfRangeOnesAreNamed() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    p.send(
      #"{"jsonrpc":"2.0","id":9007199254740993,"method":"state/get","params":{"pointer":"/connectivity"}}"#)
    let answer = try XCTUnwrap(p.next())
    var raw = JSONWriter.bytes(answer["id"] ?? .null)
    XCTAssertEqual(String(decoding: raw, as: UTF8.self), "9007199254740993", "the id comes back as sent")
    // Issue 28, minor 1: an id that could not come back digit for digit is refused, by name.
    for id in ["18446744073709551616", "-9223372036854775809", "1e30", "1.5"] {
      p.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"state/get"}"#)
      let refused = try XCTUnwrap(p.next())
      XCTAssertEqual(refused["error"]?["code"], .number(-32600), id)
      XCTAssertEqual(refused["id"], .null, id)
      XCTAssertTrue(refused["error"]?["data"]?.string?.contains("\"id\"") == true, "\(id): \(refused)")
    }
    p.send(
      #"{"jsonrpc":"2.0","id":-9223372036854775808,"method":"state/get","params":{"pointer":"/connectivity"}}"#
    )
    raw = JSONWriter.bytes(try XCTUnwrap(p.next())["id"] ?? .null)
    XCTAssertEqual(String(decoding: raw, as: UTF8.self), "-9223372036854775808")
    p.send(#"{"jsonrpc":"2.0","id":5,"method":"events/read","params":{"from":1,"to":9223372036854775807}}"#)
    let toEnd = try XCTUnwrap(p.next())
    XCTAssertNotNil(toEnd["result"]?["events"], "Int.max means to the end: \(toEnd)")
    for params in [
      #"{"from":1,"to":9223372036854775808}"#, #"{"from":1e300}"#, #"{"from":-9223372036854775809}"#,
    ] {
      p.send(#"{"jsonrpc":"2.0","id":6,"method":"events/read","params":\#(params)}"#)
      let refused = try XCTUnwrap(p.next())
      XCTAssertEqual(refused["error"]?["code"], .number(-32602), params)
      XCTAssertTrue(
        refused["error"]?["data"]?.string?.contains("parameter \"") ?? false,
        "names the parameter: \(refused)")
    }
    for (method, params) in [
      ("history/stateAt", #"{"seq":9223372036854775807}"#),
      ("events/subscribe", #"{"from":9223372036854775807}"#),
    ] {
      p.send(#"{"jsonrpc":"2.0","id":7,"method":"\#(method)","params":\#(params)}"#)
      XCTAssertNotNil(p.next(), "\(method) answers and the process lives")
    }
    p.send(getStatus)
    XCTAssertEqual(p.next()?["result"]?["value"], .string("signedOut"), "still running")
  }

  func testAHugeFieldValueIsRefusedByNameAndNothingIsRecorded() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    let huge = String(repeating: "a", count: 70_000)
    let refused = p.error(Requests.AuthSetEmail(value: huge))
    XCTAssertEqual(refused["code"], .number(-32602))
    XCTAssertTrue(
      refused["data"]?.string?.contains("parameter \"value\" is 70000 bytes") ?? false, "\(refused)")
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/login/email/value"))["value"], .string(""))
    let log = try String(contentsOfFile: p.dataDirectory.path + "/events.jsonl", encoding: .utf8)
    XCTAssertLessThan(log.utf8.count, 10_000, "the log holds no part of it")
    let atLimit = String(repeating: "b", count: Params.maxStringBytes)
    XCTAssertNotNil(
      p.call(Requests.AuthSetEmail(value: atLimit))["version"], "the limit itself is accepted")
  }

  func testAWrongCharsetSkipsExactlyItsBodyAndBadLengthsResynchronise() throws {
    let p = try RPCProcess(framing: .lsp)
    _ = p.initialize()
    let body = #"{"jsonrpc":"2.0","id":1,"method":"state/get"}"#
    p.write(
      Array(
        "Content-Length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-16\r\n\r\n\(body)"
          .utf8) + Framing.lsp.frame(Array(getStatus.utf8)))
    expectErrorAndAnswer(p, "charset")

    p.write(Array("Content-Length: abc\r\n\r\n\(body)".utf8) + Framing.lsp.frame(Array(getStatus.utf8)))
    expectErrorAndAnswer(p, "not a non-negative integer")

    p.write(Array("Content-Type: x\r\n\r\n\(body)".utf8) + Framing.lsp.frame(Array(getStatus.utf8)))
    expectErrorAndAnswer(p, "missing Content-Length")

    p.write(Array("Content-Length: 500\r\n\r\n{\"short\":1}".utf8) + Framing.lsp.frame(Array(getStatus.utf8)))
    expectErrorAndAnswer(p, "shorter than its Content-Length")

    // Issue 28, minor 7 (conformance case content_length_short): a Content-Length smaller than
    // its body; the leftover runs into the next header, which is found mid-line.
    p.write(Array("Content-Length: 20\r\n\r\n\(body)".utf8) + Framing.lsp.frame(Array(getStatus.utf8)))
    let items = [p.next(), p.next(), p.next()].compactMap { $0 }
    XCTAssertTrue(
      items.contains { $0["result"]?["value"] == .string("signedOut") },
      "the valid request after the leftover is answered: \(items)")
    XCTAssertTrue(
      items.contains { $0["error"]?["data"]?.string?.contains("before a Content-Length header") == true },
      "the leftover is reported: \(items)")

    p.write(Array("\(getStatus)\n".utf8))
    XCTAssertTrue(
      p.next()?["error"]?["data"]?.string?.contains("newline-delimited message") ?? false,
      "mixed framing is reported, not dropped")
    p.write(Framing.lsp.frame(Array(getStatus.utf8)))
    XCTAssertEqual(p.next()?["result"]?["value"], .string("signedOut"))
  }

  /// The framing error named by `reason` and the valid message's answer after it (the answer
  /// may come first: framing errors are written when the read is done).
  private func expectErrorAndAnswer(_ p: RPCProcess, _ reason: String, line: UInt = #line) {
    let two = [p.next(), p.next()].compactMap { $0 }
    XCTAssertTrue(
      two.contains { $0["error"]?["data"]?.string?.contains(reason) ?? false }, "\(reason): \(two)",
      line: line)
    XCTAssertTrue(
      two.contains { $0["result"]?["value"] == .string("signedOut") }, "the message after it is answered",
      line: line)
  }

  func testTheDecoderKeepsContentLengthInsideStringsAndAcrossReads() {
    var d = FrameDecoder(choice: .lsp)
    let tricky = Array(#"{"v":"Content-Length: 3"}"#.utf8)
    let framed = Framing.lsp.frame(tricky) + Framing.lsp.frame(Array("[]".utf8))
    var items: [FrameDecoder.Item] = []
    for byte in framed { items += d.feed([byte]) }
    XCTAssertEqual(items, [.message(tricky), .message(Array("[]".utf8))])
    var r = FrameDecoder(choice: .lsp)
    var got = r.feed(Array("Content-Length: x\r\n\r\n{}Content-Len".utf8))
    got += r.feed(Array("gth: 2\r\n\r\n[]".utf8))
    XCTAssertEqual(got.count, 2)
    XCTAssertEqual(got.last, .message(Array("[]".utf8)))
  }
}
