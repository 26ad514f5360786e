import EventStore
import Foundation
import GalleryTesting
import XCTest

/// A clock that moves one millisecond per reading, from a fixed start.
final class StepClock: @unchecked Sendable {
  private let counter = Counter()
  private let start: Int64
  init(_ start: Int64 = 1_795_000_000_000) { self.start = start }
  func read() -> Int64 { start + counter.next() }
}

typealias TempDirectory = TemporaryDirectory

extension TemporaryDirectory {
  func file(_ name: String) -> String { "\(path)/\(name)" }
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
