import EventStore
import Foundation
import GalleryCore
import GalleryTesting

/// `gallery-bench rerun`: `gallery-rpc rerun` of a long session this build records (typing,
/// sign-in, pages, thumbnails, details, searches with their debounce, sign-out), against
/// `gallery-rpc replay` of the same log in the same run: three rounds each, with the spread.
enum RerunBench {
  /// Records about `count` events of real sessions under the test clock into `directory`.
  static func record(_ directory: String, count: Int) throws {
    let clock = TestClock(start: 1_795_000_000_000)
    var options = Store.Options(
      durability: .none, clock: { clock.milliseconds }, imageCacheBytes: 1 << 30, retention: nil)
    options.effectClock = clock
    let store = try Store(dataDirectory: directory, environment: GalleryEnvironment(), options: options)
    func step(_ action: Action) throws {
      _ = try? store.send(action)
      clock.advance(by: 50)
      _ = store.waitUntilSettled(timeout: 10)
    }
    var session = 0
    while store.lastSeq < UInt64(count) {
      session += 1
      // Every third session types a wrong password first (refused, then typed again).
      let email = "test@mail.com"
      for k in 1...email.count { try step(.auth(.setEmail(.login, String(email.prefix(k))))) }
      if session % 3 == 0 {
        try step(.auth(.setPassword(.login, Secret("wrong"))))
        try step(.auth(.submit(.login)))
      }
      for k in 1...6 { try step(.auth(.setPassword(.login, Secret(String("123456".prefix(k)))))) }
      try step(.auth(.submit(.login)))
      for _ in 1...4 {
        let keys = store.state.feed.items.suffix(20).map(\.photo.key)
        try step(.images(.prefetch(keys)))
        if let key = keys.first {
          try step(.feed(.openDetail(key)))
          try step(.navigation(.back))
        }
        try step(.feed(.loadMore))
      }
      for text in ["l", "la", "lak", "lake", ""] { try step(.feed(.setQuery(text))) }
      clock.advance(by: 400)
      _ = store.waitUntilSettled(timeout: 10)
      try step(.auth(.logout))
    }
    try store.close()
  }

  /// `keep`: leave the recorded data directory there (for profiling by hand).
  static func run(binary: String, events: Int, keep: Bool) throws {
    let dir = freshDir()
    defer { if !keep { try? FileManager.default.removeItem(atPath: dir) } else { print("kept \(dir)") } }
    try record(dir, count: events)
    let log = dir + "/events.jsonl"
    let recorded = try LogBundle.eventSeqs(ofLogAt: log)?.count ?? 0
    print(
      "rerun: \(recorded) events recorded by this build (\(try FileManager.default.attributesOfItem(atPath: log)[.size] ?? 0) bytes)"
    )
    for (name, arguments) in [("replay (baseline)", ["replay", log]), ("rerun", ["rerun", log])] {
      var times: [Double] = []
      for _ in 1...3 {
        let start = now()
        let status = runQuietly(binary, arguments)
        times.append(now() - start)
        guard status == 0 || name != "rerun" else {
          print("  rerun exited \(status): the log does not rerun whole")
          return
        }
      }
      let sorted = times.sorted()
      print(
        String(
          format: "  %-18@ median %.2f s (%.2f–%.2f), %.1f µs an event", name as NSString, sorted[1],
          sorted[0],
          sorted[2], sorted[1] / Double(max(recorded, 1)) * 1e6))
    }
  }

  /// Runs `binary` with `arguments`, its output dropped; its exit status.
  private static func runQuietly(_ binary: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
