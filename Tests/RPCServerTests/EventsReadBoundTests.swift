import EventStore
import Foundation
import GalleryClient
import GalleryTesting
import JSON
import XCTest

/// `events/read` is bounded in bytes, not only in events, and a client that does not read its
/// answers gets no more built: 16 reads of a 20 MB log sent by a client that reads nothing
/// until the last is sent took the server to 463 MB (one copy of the log per read).
final class EventsReadBoundTests: XCTestCase {
  /// The child's peak resident size (VmHWM), in bytes.
  private func peak(of pid: Int32) -> Int {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return 0
  }

  func testSixteenReadsOfTheWholeLogHoldAFewMegabytesNotTheLog() throws {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
    let value = String(repeating: "x", count: 1000)
    for batch in 0..<20 {
      try log.append(
        (0..<1000).map { i in
          NewEvent(
            type: "auth.fieldEdited",
            data: Array(#"{"field":"email","form":"login","value":"\#(batch)-\#(i)\#(value)"}"#.utf8))
        })
    }
    try log.close()
    let p = try RPCProcess(dataDirectory: dir)
    p.call("initialize")
    let started = peak(of: p.process.processIdentifier)
    let ids = (0..<16).map { _ in p.request("events/read", #"{"limit":10000}"#) }
    var counts: [Int] = []
    // Long reads answer as each is done, in any order.
    var waiting = Set(ids)
    while !waiting.isEmpty, let message = p.next() {
      guard let id = message["id"]?.exactInteger, waiting.remove(Int(id)) != nil else { continue }
      guard case .array(let events)? = message["result"]?["events"] else {
        return XCTFail("events/read answered \(message)")
      }
      counts.append(events.count)
      XCTAssertEqual(
        message["result"]?["lastSeq"], .number(20_001), "the 20,000 and the language found at start")
    }
    XCTAssertEqual(counts.count, 16)
    // About 1 MiB of event data an answer: ~950 events of ~1.1 KB, not 10,000.
    XCTAssertTrue(counts.allSatisfy { $0 > 800 && $0 < 1100 }, "\(counts)")
    // The peak includes start-up's replay of the 23 MB log: 59 MB; with every read's 10,000
    // events built whole it was 127 MB here (a client that reads as it goes), 463 MB with
    // one that reads nothing.
    let held = peak(of: p.process.processIdentifier)
    XCTAssertLessThan(held, 100 << 20, "the server's peak was \(held >> 20) MB for 16 reads")
    // Paging on from the last seq received reads the rest.
    let next = p.call("events/read", #"{"from":\#(counts[0] + 1),"limit":10}"#)
    XCTAssertEqual(next["events"]?.first?["seq"], .number(Double(counts[0] + 1)))
    print(
      "events/read: 16 reads of a 23 MB log; the server's peak: \(started >> 20) MB after start-up, \(held >> 20) MB after the reads"
    )
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }

  /// Issue 46 (minor): long reads pipelined before `shutdown` are answered (they were refused
  /// -32600 as if sent after it); shutdown waits for them.
  func testLongReadsSentBeforeShutdownAreAnswered() throws {
    let p = try RPCProcess()
    p.call("initialize")
    p.call(Requests.AuthSetEmail(value: "a@b.c"))
    let read = p.takeID()
    let stateAt = p.takeID()
    let changes = p.takeID()
    let shutdown = p.takeID()
    p.send(
      #"{"jsonrpc":"2.0","id":\#(read),"method":"events/read"}"# + "\n"
        + #"{"jsonrpc":"2.0","id":\#(stateAt),"method":"history/stateAt","params":{"seq":1}}"# + "\n"
        + #"{"jsonrpc":"2.0","id":\#(changes),"method":"history/changes","params":{"pointer":"/login/email"}}"#
        + "\n" + #"{"jsonrpc":"2.0","id":\#(shutdown),"method":"shutdown"}"#)
    var answers: [Int: JSONValue] = [:]
    while answers.count < 4, let message = p.next() {
      if let id = message["id"]?.exactInteger { answers[Int(id)] = message }
    }
    for id in [read, stateAt, changes] {
      XCTAssertNotNil(answers[id]?["result"], "\(String(describing: answers[id]))")
    }
    XCTAssertEqual(answers[shutdown]?["result"], .null)
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }

  /// `events/read` gives each event's data as the log holds it: a number past 2^53 and `-0.0`
  /// come back as written, not as a double's text.
  func testEventsReadReturnsTheDataAsRecorded() throws {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
    let data =
      #"{"field":"email","form":"login","value":"a@b.c","x":123456789012345678901234567890,"y":-0.0}"#
    try log.append([NewEvent(type: "auth.fieldEdited", data: Array(data.utf8))])
    try log.close()
    let run = try runGalleryRPC(
      ["--data-dir", dir.path, "--durability", "none"],
      input: [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"events/read","params":{"from":1,"to":1}}"#,
        #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
      ].joined(separator: "\n") + "\n")
    XCTAssertEqual(run.status, 0, run.err)
    let answer = try XCTUnwrap(run.out.split(separator: "\n").first { $0.hasPrefix(#"{"id":2,"#) })
    XCTAssertTrue(answer.contains(#"{"data":\#(data),"seq":1,"#), String(answer))
  }
}

extension JSONValue {
  fileprivate var first: JSONValue? {
    if case .array(let items) = self { return items.first }
    return nil
  }
}
