import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// Issue 28, item 3: a client that subscribes and does not read never makes the server hold
/// more than a bound of its events: past it the server waits, and after 5 s with nothing read
/// the subscription is dropped with `events/dropped` saying where to resume; resuming from
/// there, a client reading at its own pace misses nothing and is never dropped.
final class SubscriptionBoundTests: XCTestCase {
  func testAClientThatDoesNotReadIsDroppedAtTheBoundAndResumesWithoutAGap() throws {
    let dir = TemporaryDirectory()
    let total = 12_000
    do {
      let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
      let value = String(repeating: "x", count: 900)
      for chunk in stride(from: 0, to: total, by: 1000) {
        try log.append(
          (chunk..<chunk + 1000).map { n in
            NewEvent(
              type: "auth.fieldEdited",
              data: Array(#"{"field":"email","form":"login","value":"\#(n)\#(value)"}"#.utf8))
          })
      }
      try log.close()
    }
    let server = try InProcessServer(dataDirectory: dir)
    _ = server.initialize()
    let last = UInt64(total)
    // Read only up to the answer, then nothing while the catch-up runs (about 11 MB): it
    // waits at the bound, then drops the subscription (the catch-up is under way before the
    // answer is read, so waiting for deliveries waits for the drop).
    let (early, answer) = server.response(to: server.request(Requests.EventsSubscribe(from: 1)))
    XCTAssertEqual(answer["result"]?["lastSeq"], .number(Double(last)))
    server.store.log.waitForDeliveries()
    var seqs: [Int] = []
    var resumeFrom: Int?
    var messages = early
    let probe = server.request(Requests.StateGet(pointer: "/session/status"))
    messages += server.response(to: probe).notifications
    for message in messages {
      if message["method"] == .string("events/appended"), let events = message["params"]?["events"]?.array {
        seqs += events.compactMap { $0["seq"]?.int }
      } else if message["method"] == .string("events/dropped") {
        resumeFrom = message["params"]?["resumeFrom"]?.int
      }
    }
    let resume = try XCTUnwrap(resumeFrom, "the subscription was dropped, saying where to resume")
    XCTAssertEqual(seqs, Array(1..<resume), "delivered without a gap up to where it stopped")
    XCTAssertLessThan(seqs.count * 1000, 6 << 20, "at most the bound (4 MiB) and a chunk were queued")
    XCTAssertLessThan(resume, total)

    // Resuming from there, reading as it goes, gets the rest.
    server.call(Requests.EventsSubscribe(from: resume))
    var rest: [Int] = []
    while rest.last != total, let message = server.next() {
      if message["method"] == .string("events/appended"), let events = message["params"]?["events"]?.array {
        rest += events.compactMap { $0["seq"]?.int }
      }
    }
    XCTAssertEqual(rest, Array(resume...total))
  }

  /// A catch-up over a log of large events comes in messages of about 256 KiB of event data
  /// (past it by one event at most, never 1,024 large events at once: what the server holds
  /// per chunk), and they carry exactly the events `events/read` gives.
  func testACatchUpComesInChunksBoundedInBytesWithTheLoggedEvents() throws {
    let dir = TemporaryDirectory()
    var sizes: [Int] = []
    do {
      let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
      for n in 0..<600 {
        // Mostly small events, every seventh one of 40-60 KB (a feed page's size).
        let size = n % 7 == 0 ? 40_000 + (n * 37) % 20_000 : 50 + n % 200
        let data = Array(
          #"{"field":"email","form":"login","value":"\#(String(repeating: "é", count: size / 2))"}"#.utf8)
        sizes.append(data.count)
        try log.append([NewEvent(type: "auth.fieldEdited", data: data)])
      }
      try log.close()
    }
    let server = try InProcessServer(dataDirectory: dir)
    _ = server.initialize()
    let (early, answer) = server.response(to: server.request(Requests.EventsSubscribe(from: 1)))
    XCTAssertEqual(answer["result"]?["lastSeq"], .number(600))
    XCTAssertEqual(
      early.filter { $0["method"] == .string("events/appended") }, [], "the answer comes before any event")
    var delivered: [JSONValue] = []
    var messages = early
    while delivered.count < 600 {
      if messages.isEmpty {
        guard let message = server.next() else { break }
        messages = [message]
      }
      let message = messages.removeFirst()
      guard message["method"] == .string("events/appended"), let events = message["params"]?["events"]?.array
      else { continue }
      let bytes = events.compactMap { $0["seq"]?.int }.reduce(0) { $0 + sizes[$1 - 1] }
      let largest = events.compactMap { $0["seq"]?.int }.map { sizes[$0 - 1] }.max() ?? 0
      XCTAssertLessThanOrEqual(bytes, EventLog.catchUpChunkBytes + largest, "one message's event data")
      delivered += events
    }
    // events/read pages at about 1 MiB of event data: read on from the last seq received.
    var read: [JSONValue] = []
    while read.count < 600 {
      let page = server.call(Requests.EventsRead(from: read.count + 1, limit: 1000))["events"]?.array ?? []
      guard !page.isEmpty else { break }
      read += page
    }
    XCTAssertEqual(read.count, 600)
    XCTAssertEqual(delivered, read, "the catch-up carries the logged events as events/read gives them")
  }
}
