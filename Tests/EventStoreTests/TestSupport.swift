import EventStore
import Foundation
import XCTest

/// A fresh directory per test, removed afterwards.
final class TempDirectory {
  let path: String
  init() {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("eventstore-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }
  deinit { try? FileManager.default.removeItem(atPath: path) }
  func file(_ name: String) -> String { "\(path)/\(name)" }
}

/// A clock that moves one millisecond per reading, from a fixed start.
final class StepClock: @unchecked Sendable {
  private let lock = NSLock()
  private var now: Int64
  init(_ start: Int64 = 1_795_000_000_000) { now = start }
  func read() -> Int64 {
    lock.lock()
    defer { lock.unlock() }
    now += 1
    return now
  }
}

func event(_ n: Int, type: String = "test.event") -> NewEvent {
  NewEvent(type: type, data: Array(#"{"n":\#(n)}"#.utf8))
}

func readAll(_ log: EventLog, from: UInt64 = 1, through: UInt64? = nil) throws -> [EventRecord] {
  let cursor = try log.read(from: from, through: through)
  var out: [EventRecord] = []
  while let r = try cursor.next() { out.append(r) }
  return out
}

func readFile(_ path: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path) ?? Data()) }
func writeFile(_ path: String, _ bytes: [UInt8]) {
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// The directory holding the package's built executables.
func productsDirectory() -> URL {
  let candidates = [
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
  ]
  for c in candidates
  where FileManager.default.fileExists(atPath: c.appendingPathComponent("eventlog-writer").path) {
    return c
  }
  return candidates[0]
}
