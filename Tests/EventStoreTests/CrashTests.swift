import EventStore
import Foundation
import GalleryClient
import GalleryTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Kills a writer at random moments and checks that every append it confirmed survives.
/// Rounds: `EVENTSTORE_CRASH_ROUNDS` (default 50).
final class CrashTests: XCTestCase {
  func testSigkillNeverLosesAConfirmedAppend() throws {
    let rounds = SuiteLength.value("EVENTSTORE_CRASH_ROUNDS", default: 50)
    let dir = TempDirectory()
    let path = dir.file("events.jsonl")
    var rng = SystemRandomNumberGenerator()
    var confirmed: UInt64 = 0
    var tornCuts = 0
    for round in 0..<rounds {
      let child = Process()
      child.executableURL = productsDirectory().appendingPathComponent("eventlog-writer")
      child.arguments = [
        "append", path, "--durability", "fsync", "--max-batch", "4", "--seed", "\(round + 1)",
      ]
      let out = Pipe()
      child.standardOutput = out
      try child.run()
      // Let it confirm a random number of batches, then kill it wherever it is.
      let wanted = Int.random(in: 1...40, using: &rng)
      let reader = out.fileHandleForReading
      for _ in 0..<wanted {
        guard let line = reader.availableDataLine(), let seq = UInt64(line) else { break }
        confirmed = max(confirmed, seq)
      }
      kill(child.processIdentifier, SIGKILL)
      XCTAssertNotNil(child.exitStatus())
      // Whatever it printed after we stopped counting was also confirmed.
      while let line = reader.availableDataLine(), let seq = UInt64(line) { confirmed = max(confirmed, seq) }

      let log = try EventLog(path: path)
      if log.recoveredTail != nil { tornCuts += 1 }
      XCTAssertGreaterThanOrEqual(log.lastSeq, confirmed, "round \(round): a confirmed seq was lost")
      let records = try readAll(log)
      XCTAssertEqual(records.map(\.seq), Array(1...log.lastSeq))
      for r in records {
        let expected = Array(#"{"n":\#(r.seq),"#.utf8)
        XCTAssertEqual(Array(r.data.prefix(expected.count)), expected, "seq \(r.seq) holds its own event")
      }
      try log.close()
      XCTAssertTrue(try LogVerifier.verify(path: path).isClean, "round \(round)")
    }
    print("crash rounds: \(rounds), events confirmed: \(confirmed), torn tails cut: \(tornCuts)")
  }
}
