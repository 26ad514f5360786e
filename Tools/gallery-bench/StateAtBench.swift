import EventStore
import Foundation
import GalleryCore

/// The inspector's figure: the state at random seqs of a long log (`history/stateAt`), from
/// the nearest checkpoint and a bounded fold, against a fold from the start (what it cost
/// before checkpoints), at two log lengths.
enum StateAtBench {
  static func run(events: Int, seqs: Int, dir: String) throws {
    for count in [events / 4, events] {
      let data = "\(dir)/gallery-bench-stateat-\(count)"
      try? FileManager.default.removeItem(atPath: data)
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      try ReplayBench.generate(data + "/events.jsonl", count: count)
      // Opened as the inspector opens a copy: read-only, one fold that leaves checkpoints.
      var options = Store.Options(durability: .none, retention: nil)
      options.readOnly = true
      let opened = Date()
      let store = try Store(dataDirectory: data, options: options)
      let openSeconds = Date().timeIntervalSince(opened)
      let last = store.version
      var random = SystemRandomNumberGenerator()
      var times: [Double] = []
      for _ in 0..<seqs {
        let seq = UInt64.random(in: 1...last, using: &random)
        let start = Date()
        _ = try store.state(at: seq)
        times.append(Date().timeIntervalSince(start) * 1000)
      }
      times.sort()
      // The cost without checkpoints: a fold from the start, at three seqs.
      var fromStart: [Double] = []
      for seq in [last / 4, last / 2, last] {
        let start = Date()
        _ = try Replay.state(ofLogAt: data + "/events.jsonl", through: seq)
        fromStart.append(Date().timeIntervalSince(start) * 1000)
      }
      let kept =
        (try? FileManager.default.contentsOfDirectory(atPath: data + "/snapshots/history").count) ?? 0
      print(
        String(
          format:
            "  %7d events: open %.1f s (%d checkpoints); state at %d random seqs p50 %.1f ms, p90 %.1f ms, max %.1f ms; from the start at 1/4, 1/2, all: %.0f, %.0f, %.0f ms",
          count, openSeconds, kept, seqs, times[times.count / 2], times[times.count * 9 / 10], times.last!,
          fromStart[0], fromStart[1], fromStart[2]))
      try store.close()
      try? FileManager.default.removeItem(atPath: data)
    }
  }
}
