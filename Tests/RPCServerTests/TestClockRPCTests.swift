import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The test clock over the wire: time stands still until `test/advanceClock` moves it, and
/// `test/settle` answers once the work in flight is recorded; without `--test-clock` the
/// methods do not exist.
final class TestClockRPCTests: XCTestCase {
  func testADebouncedSearchFiresWhenTheClientMovesTimeAndTheLogUsesThatTime() throws {
    let clock = ManualClock(start: ServerConfiguration.defaultTestClockStart)
    let p = try InProcessServer(testClock: clock)
    let capabilities = p.initialize()["capabilities"]
    XCTAssertEqual(capabilities?["testClock"], .bool(true))
    XCTAssertTrue(capabilities?["methods"]?.array?.contains(.string("test/advanceClock")) ?? false)
    p.signInToDemo()
    XCTAssertEqual(p.call(Requests.TestSettle())["settled"], .bool(true))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/feed/status"))["value"], .string("loaded"))

    p.call(Requests.FeedSetQuery(text: "cat"))
    let early = p.call(Requests.TestAdvanceClock(milliseconds: 299))
    XCTAssertEqual(early["time"], .string("2000-01-01T00:00:00.299Z"))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/feed/activeQuery"))["value"], .string(""), "no search yet")
    let fired = p.call(Requests.TestAdvanceClock(milliseconds: 1))
    XCTAssertEqual(fired["settled"], .bool(true))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/feed/activeQuery"))["value"], .string("cat"))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/feed/status"))["value"], .string("loaded"))

    let events = p.call(Requests.EventsRead(from: 1, limit: 1000))["events"]?.array ?? []
    XCTAssertEqual(events.first?["time"], .string("2000-01-01T00:00:00.000Z"))
    XCTAssertEqual(events.last?["time"], .string("2000-01-01T00:00:00.300Z"), "the search's events at 300 ms")
    XCTAssertEqual(p.error(Requests.TestAdvanceClock(milliseconds: -1))["code"], .number(-32602))
  }

  func testWithoutTheTestClockTheMethodsDoNotExist() throws {
    let p = try InProcessServer()
    let answer = p.initialize()
    let capabilities = answer["capabilities"]
    XCTAssertEqual(capabilities?["testClock"], .bool(false))
    XCTAssertEqual(
      answer["dataDirectory"], .string(URL(fileURLWithPath: p.dataDirectory.path).standardizedFileURL.path),
      "the absolute data directory, which image paths are relative to")
    XCTAssertFalse(capabilities?["methods"]?.array?.contains(.string("test/settle")) ?? true)
    XCTAssertEqual(p.error(Requests.TestSettle())["code"], .number(-32601))
    XCTAssertEqual(p.error(Requests.TestAdvanceClock(milliseconds: 1))["code"], .number(-32601))
  }

  func testTheTestClockOptionTakesAnOptionalStart() throws {
    let parse = { (args: [String]) throws -> ServerConfiguration in
      try ServerConfiguration.parse(args, environment: [:])
    }
    XCTAssertNil(try parse([]).testClockStart)
    XCTAssertEqual(try parse(["--test-clock"]).testClockStart, 946_684_800_000)
    XCTAssertEqual(
      try parse(["--test-clock", "2024-05-06T07:08:09Z", "--durability", "none"]).testClockStart,
      ISOTime.parse(Array("2024-05-06T07:08:09.000Z".utf8)))
    XCTAssertEqual(
      try parse(["--test-clock=2024-05-06T07:08:09.250Z"]).testClockStart,
      ISOTime.parse(Array("2024-05-06T07:08:09.250Z".utf8)))
    XCTAssertEqual(try parse(["--test-clock", "--durability", "none"]).durability, .none)
    XCTAssertThrowsError(try parse(["--test-clock", "yesterday"])) { error in
      XCTAssertTrue("\(error)".contains("--test-clock takes an ISO 8601 UTC time"), "\(error)")
    }
    // Issue 28, minor 4: only times the log's format holds, and only real dates.
    for (start, says) in [
      ("1969-12-31T23:59:59Z", "must be from 1970-01-01T00:00:00Z"),
      ("2000-02-30T00:00:00Z", "takes an ISO 8601 UTC time"),
      ("2100-02-29T00:00:00Z", "takes an ISO 8601 UTC time"),
    ] {
      XCTAssertThrowsError(try parse(["--test-clock", start]), start) { error in
        XCTAssertTrue("\(error)".contains(says), "\(start): \(error)")
      }
    }
    XCTAssertNotNil(try parse(["--test-clock", "2000-02-29T00:00:00Z"]).testClockStart, "a leap day")
    XCTAssertEqual(ISOTime.format(millis: ISOTime.latestMillis), "9999-12-31T23:59:59.999Z")
  }

  func testTheClockNeverMovesPastTheLastTimeTheLogHolds() throws {
    let p = try RPCProcess(extra: ["--test-clock", "9999-12-31T23:00:00Z", "--durability", "none"])
    _ = p.initialize()
    let refused = p.error(Requests.TestAdvanceClock(milliseconds: 3600000))
    XCTAssertEqual(refused["code"], .number(-32602))
    XCTAssertTrue(refused["data"]?.string?.contains("past 9999-12-31T23:59:59.999Z") == true, "\(refused)")
    XCTAssertEqual(
      p.call(Requests.TestAdvanceClock(milliseconds: 3599999))["time"], .string("9999-12-31T23:59:59.999Z"))
    p.call(Requests.Shutdown())
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
  }
}

/// Hostile sizes on the methods this round added: refused by name, nothing recorded.
final class NewMethodSizeTests: XCTestCase {
  func testHugeAdvancesAndTenThousandKeysAreRefusedByName() throws {
    let p = try InProcessServer(testClock: ManualClock())
    _ = p.initialize()
    let version = p.call(Requests.StateGet())["version"]
    for huge in ["9007199254740993", "9223372036854775808", "1e300", "31536000001"] {
      let error = p.error("test/advanceClock", #"{"milliseconds":\#(huge)}"#)
      XCTAssertEqual(error["code"], .number(-32602), huge)
      XCTAssertTrue(error["data"]?.string?.contains("\"milliseconds\"") ?? false, "\(error)")
    }
    let keys = (0..<10_000).map { #""k\#($0)""# }.joined(separator: ",")
    for method in ["images/prefetch", "images/cancel", "feed/prefetch"] {
      let error = p.error(method, #"{"keys":[\#(keys)]}"#)
      XCTAssertEqual(error["code"], .number(-32602), method)
      XCTAssertTrue(error["data"]?.string?.contains("at most 1000") ?? false, "\(error)")
    }
    let thousand = (0..<1000).map { #""k\#($0)""# }.joined(separator: ",")
    XCTAssertEqual(p.call("images/prefetch", #"{"keys":[\#(thousand)]}"#)["unknown"]?.array?.count, 1000)
    XCTAssertEqual(p.call(Requests.StateGet())["version"], version, "nothing recorded")
    XCTAssertEqual(
      p.call(Requests.TestSettle())["time"], .string("1970-01-01T00:00:00.000Z"), "the clock did not move")
  }
}

/// `--seed N`: every random choice that reaches the log is the seed's.
final class SeededChoicesTests: XCTestCase {
  func session(seed: UInt64) throws -> (state: String, video: JSONValue) {
    var options = Store.Options(durability: .none)
    options.random = RandomSource(seed: seed)
    let server = try InProcessServer(options: options)
    XCTAssertEqual(server.initialize()["capabilities"]?["seeded"], .bool(true))
    let state = server.call(Requests.AccountBeginLogin())["state"]?.string ?? ""
    server.call(Requests.VideoPlayRandom())
    server.store.waitUntilIdle()
    return (state, server.call(Requests.StateGet(pointer: "/video/video/id"))["value"] ?? .null)
  }

  func testTheSameSeedMakesTheSameChoicesAndAnotherSeedOthers() throws {
    let first = try session(seed: 7)
    let again = try session(seed: 7)
    XCTAssertEqual(first.state, again.state)
    XCTAssertEqual(first.state.count, 32)
    XCTAssertEqual(first.video, again.video)
    XCTAssertNotEqual(try session(seed: 8).state, first.state)
    XCTAssertEqual(try InProcessServer().initialize()["capabilities"]?["seeded"], .bool(false))
  }

  func testChoicesStayInRangeWithoutBias() {
    let random = RandomSource(seed: 1)
    var counts = [Int](repeating: 0, count: 5)
    for _ in 0..<5000 { counts[random.int(below: 5)] += 1 }
    XCTAssertTrue(counts.allSatisfy { (900...1100).contains($0) }, "\(counts)")
  }
}
