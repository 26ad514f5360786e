import EventStore
import Foundation
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
    for id in ids {
      let (_, answer) = p.response(to: id)
      guard case .array(let events)? = answer["result"]?["events"] else {
        return XCTFail("events/read answered \(String(describing: answer["error"]))")
      }
      counts.append(events.count)
      XCTAssertEqual(answer["result"]?["lastSeq"], .number(20_000))
    }
    // About 1 MiB of event data an answer: ~950 events of ~1.1 KB, not 10,000.
    XCTAssertTrue(counts.allSatisfy { $0 > 800 && $0 < 1100 }, "\(counts)")
    let grew = peak(of: p.process.processIdentifier) - started
    XCTAssertLessThan(grew, 120 << 20, "the server held \(grew >> 20) MB more for 16 reads")
    // Paging on from the last seq received reads the rest.
    let next = p.call("events/read", #"{"from":\#(counts[0] + 1),"limit":10}"#)
    XCTAssertEqual(next["events"]?.first?["seq"], .number(Double(counts[0] + 1)))
    XCTAssertEqual(p.finish(), 0)
  }
}

extension JSONValue {
  fileprivate var first: JSONValue? {
    if case .array(let items) = self { return items.first }
    return nil
  }
}
