import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-bench soak`: a steady stream of mixed actions over every feature for a long time,
/// sampling the server's resident size, open files and log size at each interval. A healthy
/// core stays flat: the figures after warm-up do not grow with time.
enum Soak {
  /// One round of actions across the features (sign-in, feed, detail, albums, account, video,
  /// settings, connectivity, sign-out); rejections (-32010) are expected and counted apart.
  static let round: [(method: String, params: String?)] = [
    ("auth/setEmail", #"{"value":"test@mail.com"}"#), ("auth/setPassword", #"{"value":"123456"}"#),
    ("auth/submitLogin", nil), ("feed/refresh", nil), ("feed/loadMore", nil),
    ("feed/prefetch", #"{"keys":["demo:1","demo:2","demo:3"]}"#),
    ("feed/cancelPrefetch", #"{"keys":["demo:3"]}"#),
    ("feed/openDetail", #"{"key":"demo:1"}"#), ("detail/close", nil), ("feed/setQuery", #"{"text":"cat"}"#),
    ("feed/setQuery", #"{"text":""}"#), ("nav/open", #"{"screen":"albums"}"#),
    ("albums/setSearch", #"{"text":"qui"}"#),
    ("albums/setSearch", #"{"text":""}"#), ("albums/open", #"{"albumId":1}"#),
    ("albums/openPhoto", #"{"photoId":1}"#),
    ("nav/back", nil), ("nav/back", nil), ("nav/open", #"{"screen":"feed"}"#), ("account/beginLogin", nil),
    ("account/loadImages", nil),
    ("video/playRandom", nil), ("settings/update", #"{"language":"es"}"#),
    ("settings/update", #"{"language":"en"}"#),
    ("connectivity/set", #"{"online":false}"#), ("connectivity/set", #"{"online":true}"#),
    ("state/get", #"{"pointer":"/feed/status"}"#), ("auth/logout", nil),
  ]

  /// What the reader thread has seen.
  final class Tally: @unchecked Sendable {
    let lock = NSLock()
    var answers = 0
    var rejections = 0
    var errors: [String: Int] = [:]
    var notifications = 0
  }

  static func openFiles(_ pid: pid_t) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
  }

  static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
  }

  /// Runs for `minutes` at `rate` actions per second, sampling every `sampleSeconds`.
  static func run(binary: String, minutes: Double, rate: Double, sampleSeconds: Double) -> Bool {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-soak-\(getpid())")
      .path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let server = RoundTrip.Child([
      binary, "serve", "--data-dir", dir, "--durability", "batch", "--log-level", "error",
    ])
    let tally = Tally()
    let reader = Thread {
      while true {
        let line = server.lineOrNil()
        guard let line else { return }
        let text = String(decoding: line, as: UTF8.self)
        tally.lock.withLock {
          if text.hasPrefix("{\"id\":") || text.hasPrefix("{\"error\"") {
            tally.answers += 1
            if let range = text.range(of: "\"code\":") {
              let code = String(text[range.upperBound...].prefix { $0 == "-" || $0.isNumber })
              if code == "-32010" { tally.rejections += 1 } else { tally.errors[code, default: 0] += 1 }
            }
          } else {
            tally.notifications += 1
          }
        }
      }
    }
    reader.start()
    server.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A])
    print(
      String(
        format: "soak: %.1f min at %.0f actions/s over %d methods, sampled every %.0f s", minutes, rate,
        Set(round.map(\.method)).count, sampleSeconds))
    print("  minute    sent  answered  rejected  errors  notes      RSS MB  open fds  log MB")
    let start = now()
    let end = start + minutes * 60
    var nextSample = start + sampleSeconds
    var sent = 0
    var samples: [(rss: Int, fds: Int)] = []
    while now() < end {
      let due = start + Double(sent) / rate
      if due > now() { usleep(useconds_t(max(0, (due - now()) * 1_000_000))) }
      let step = round[sent % round.count]
      let params = step.params.map { #","params":\#($0)"# } ?? ""
      server.send(
        Array(#"{"jsonrpc":"2.0","id":\#(sent + 2),"method":"\#(step.method)"\#(params)}"#.utf8) + [0x0A])
      sent += 1
      if now() >= nextSample {
        nextSample += sampleSeconds
        let rss = Memory.rss(server.pid)
        let fds = openFiles(server.pid)
        samples.append((rss, fds))
        let (answers, rejections, errors, notes) = tally.lock.withLock {
          (tally.answers, tally.rejections, tally.errors.values.reduce(0, +), tally.notifications)
        }
        print(
          String(
            format: "  %6.1f  %6d  %8d  %8d  %6d  %6d  %9.1f  %8d  %6.1f", (now() - start) / 60, sent,
            answers,
            rejections, errors, notes, Double(rss) / 1_000_000, fds,
            Double(fileSize(dir + "/events.jsonl")) / 1_000_000))
        fflush(nil)  // each sample as it is taken, also into a file
      }
    }
    server.send(Array(#"{"jsonrpc":"2.0","id":0,"method":"shutdown"}"#.utf8) + [0x0A])
    server.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
    server.finish()
    reader.cancel()
    let errors = tally.lock.withLock { tally.errors }
    if !errors.isEmpty {
      print("  errors other than rejections, by code: \(errors.sorted { $0.key < $1.key })")
    }
    // Flat: after the first sample (warm-up), resident size grows by under 10% + 8 MB and
    // open files by at most 4.
    guard let first = samples.first, let last = samples.last else {
      print("  no sample taken: run longer than --sample-seconds")
      return false
    }
    let rssGrowth = last.rss - first.rss
    let flat = rssGrowth < first.rss / 10 + 8_000_000 && last.fds - first.fds <= 4 && errors.isEmpty
    print(
      String(
        format: "  RSS %.1f → %.1f MB, open files %d → %d: %@", Double(first.rss) / 1e6,
        Double(last.rss) / 1e6,
        first.fds, last.fds, flat ? "flat" : "NOT FLAT"))
    return flat
  }
}
