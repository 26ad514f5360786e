import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// SIGKILL the server at random moments of a pipelined session, restart, repeat: every
/// action that was answered is in the log, the log verifies clean, and the state the server
/// starts with equals a fresh replay of the log. Rounds: `GALLERY_KILL_ROUNDS` (default 100).
final class KillLoopTests: XCTestCase {
  func testEveryAnsweredActionSurvivesSigkill() throws {
    let rounds = SuiteLength.value("GALLERY_KILL_ROUNDS", default: 100)
    let dir = TemporaryDirectory()
    var answered: Set<String> = []
    var rng = SystemRandomNumberGenerator()
    for round in 0..<rounds {
      let p = try RPCProcess(extra: ["--durability", "fsync"], dataDirectory: dir)
      _ = p.initialize()
      // The state it starts with is the log's fold.
      let started = p.call(Requests.StateGet())
      let log = dir.path + "/events.jsonl"
      XCTAssertEqual(started["value"], try AppState.view(Replay.state(ofLogAt: log)), "round \(round)")
      XCTAssertTrue(try LogVerifier.verify(path: log).isClean, "round \(round)")
      let recorded = try Set(LogCursorValues.emails(log))
      XCTAssertTrue(
        answered.isSubset(of: recorded), "round \(round): an answered action is missing from the log")

      let count = Int.random(in: 5...60, using: &rng)
      var burst: [UInt8] = []
      var values: [Int: String] = [:]
      for i in 0..<count {
        let value = "r\(round)-\(i)@x.co"
        values[1000 + i] = value
        burst += Framing.ndjson.frame(
          Array(
            #"{"jsonrpc":"2.0","id":\#(1000 + i),"method":"auth/setEmail","params":{"value":"\#(value)"}}"#
              .utf8))
      }
      p.write(burst)
      let wait = Int.random(in: 0...count, using: &rng)
      var seen = 0
      while seen < wait, let message = p.next() {
        guard case .number(let id)? = message["id"], message["result"] != nil, let value = values[Int(id)]
        else { continue }
        answered.insert(value)
        seen += 1
      }
      kill(p.process.processIdentifier, SIGKILL)
      XCTAssertNotNil(p.process.exitStatus())
    }
    let final = try Set(LogCursorValues.emails(dir.path + "/events.jsonl"))
    XCTAssertTrue(answered.isSubset(of: final))
    XCTAssertTrue(try LogVerifier.verify(path: dir.path + "/events.jsonl").isClean)
    print("kill loop: \(rounds) rounds, \(answered.count) answered actions, all in the log")
  }
}

/// The email values recorded by `auth.fieldEdited` events in a log.
enum LogCursorValues {
  static func emails(_ path: String) throws -> [String] {
    let cursor = try LogCursor(path: path)
    var values: [String] = []
    while let r = try cursor.next() {
      guard r.type == "auth.fieldEdited", case .string(let v)? = try JSONParser.parse(r.data)["value"] else {
        continue
      }
      values.append(v)
    }
    return values
  }
}
