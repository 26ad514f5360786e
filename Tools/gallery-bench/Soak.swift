import Foundation
import GalleryTesting

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

  /// With `--hostile`, added to every round: thumbnails from the hostile provider, an upload
  /// of bytes sent as base64 (staged, then removed), and a subscription from the first event
  /// that the reader then leaves unread for a while (the server must drop it at its bound).
  static let hostileRound: [(method: String, params: String?)] = [
    ("feed/refresh", nil), ("feed/loadMore", nil),
    ("images/prefetch", #"{"keys":["pixabay:101","pixabay:102","pixabay:103","pixabay:104","pixabay:105"]}"#),
    ("images/retry", #"{"key":"pixabay:101"}"#),
    (
      "account/upload",
      #"{"data":"\#(Data(HostileProviders.png).base64EncodedString())","fileName":"soak.png"}"#
    ),
    ("events/subscribe", #"{"from":1}"#), ("events/unsubscribe", nil),
  ]

  /// What the reader thread has seen.
  final class Tally: @unchecked Sendable {
    let lock = NSLock()
    var answers = 0
    var rejections = 0
    var errors: [String: Int] = [:]
    var notifications = 0
    /// The demo account's redirect, once `account/beginLogin` answered it.
    var redirect: String?
    /// Set by the driver: the reader stops reading until this time (a client that does not read).
    var pauseUntil = 0.0
  }

  /// The size of everything under `path`, in bytes.
  static func treeSize(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let name = walker.nextObject() as? String { total += fileSize(path + "/" + name) }
    return total
  }

  /// Files in the server's own temporary directory (its `TMPDIR`, so nothing else on the
  /// machine is counted): what a download or anything else could have left there.
  static func temporaryFiles(_ directory: String) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: directory).count) ?? 0
  }

  static func openFiles(_ pid: pid_t) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
  }

  static func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
  }

  /// Runs for `minutes` at `rate` actions per second, sampling every `sampleSeconds`.
  /// `largeBodies: false` (`--small-bodies`) keeps the hostile provider's failures, limits and
  /// trickles but never sends a large body, to tell what those cost from the rest.
  /// `retainBytes` is the served log's size bound with `--hostile` (the server's
  /// `--retain-bytes`): 8M cuts the log about every twenty minutes of the hostile round.
  static func run(
    binary: String, minutes: Double, rate: Double, sampleSeconds: Double, hostile: Bool = false,
    largeBodies: Bool = true, retainBytes: String = "8M"
  )
    -> Bool
  {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-soak-\(getpid())")
      .path
    let temporary = dir + "-tmp"
    try? FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(atPath: dir)
      try? FileManager.default.removeItem(atPath: temporary)
    }
    // The server's own temporary directory: whatever it leaves there is counted exactly.
    setenv("TMPDIR", temporary, 1)
    var providers: FakeHTTPServer?
    var extra: [String] = []
    if hostile {
      guard let started = try? HostileProviders.start(largeBodies: largeBodies) else {
        print("soak: the hostile provider could not listen on 127.0.0.1")
        return false
      }
      providers = started
      setenv("PIXABAY_BASE_URL", started.baseURL, 1)
      setenv("PIXABAY_API_KEY", "soak", 1)
      // The log's size bound, so the data directory's size is bounded by it too.
      extra = ["--feed", "pixabay", "--retain-bytes", retainBytes]
    }
    defer { providers?.stop() }
    let steps = hostile ? round + hostileRound : round
    let server = RoundTrip.Child(
      [binary, "serve", "--data-dir", dir, "--durability", "batch", "--log-level", "error"] + extra)
    let tally = Tally()
    let reader = Thread {
      while true {
        let pause = tally.lock.withLock { tally.pauseUntil } - now()
        if pause > 0 { usleep(useconds_t(pause * 1_000_000)) }
        let line = server.lineOrNil()
        guard let line else { return }
        let text = String(decoding: line, as: UTF8.self)
        if tally.lock.withLock({ tally.redirect == nil }), let range = text.range(of: #""demoRedirectURL":""#)
        {
          let url = String(text[range.upperBound...].prefix { $0 != "\"" })
          tally.lock.withLock { tally.redirect = url.replacingOccurrences(of: "\\/", with: "/") }
        }
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
        format: "soak%@: %.1f min at %.0f actions/s over %d methods, sampled every %.0f s",
        hostile ? (largeBodies ? " --hostile" : " --hostile --small-bodies") : "", minutes, rate,
        Set(steps.map(\.method)).count, sampleSeconds))
    print(
      "  minute    sent  answered  rejected  errors  notes      RSS MB  anon MB  floor  median  open fds  log MB  dir MB  tmp"
    )
    let start = now()
    let end = start + minutes * 60
    var nextSample = start + sampleSeconds
    var sent = 0
    var samples: [(rss: Int, anon: Int, floor: Int, median: Int, fds: Int, dir: Int, tmp: Int)] = []
    // RssAnon read every second between samples: a sample's floor (the least of its interval:
    // what the server holds with nothing in flight) and median, so one reading that lands on
    // a transient (a page being decoded, bodies in flight) cannot decide the verdict.
    var readings: [Int] = []
    var nextReading = start + 1
    var signedIn = false
    var uploads = 0
    while now() < end {
      let due = start + Double(sent) / rate
      if due > now() { usleep(useconds_t(max(0, (due - now()) * 1_000_000))) }
      var step = steps[sent % steps.count]
      if hostile, !signedIn, let redirect = tally.lock.withLock({ tally.redirect }) {
        // The demo account signs in once, so uploads run (and stage their bytes).
        step = ("account/completeLogin", #"{"redirectURL":"\#(redirect)"}"#)
        signedIn = true
      } else if step.method == "account/upload" {
        // Refused until the account is signed in; counted as the demo account numbers them.
        if signedIn { uploads += 1 }
      } else if step.method == "account/delete" {
        step.params = #"{"id":"up\#(max(1, uploads - 1))"}"#
      } else if step.method == "events/subscribe", (sent / steps.count) % 20 == 0 {
        // Every 20th round, a client that subscribes from the start and then does not read
        // for 3 s (the server answers nobody meanwhile: its one client is not reading).
        tally.lock.withLock { tally.pauseUntil = now() + 3 }
      }
      let params = step.params.map { #","params":\#($0)"# } ?? ""
      server.send(
        Array(#"{"jsonrpc":"2.0","id":\#(sent + 2),"method":"\#(step.method)"\#(params)}"#.utf8) + [0x0A])
      sent += 1
      if now() >= nextReading {
        nextReading += 1
        readings.append(Memory.anonymous(server.pid))
      }
      if now() >= nextSample {
        nextSample += sampleSeconds
        let rss = Memory.rss(server.pid)
        let anon = Memory.anonymous(server.pid)
        let fds = openFiles(server.pid)
        let size = treeSize(dir)
        let tmp = temporaryFiles(temporary)
        let sorted = (readings + [anon]).sorted()
        readings.removeAll(keepingCapacity: true)
        let floor = sorted[0]
        let median = sorted[sorted.count / 2]
        samples.append((rss, anon, floor, median, fds, size, tmp))
        let (answers, rejections, errors, notes) = tally.lock.withLock {
          (tally.answers, tally.rejections, tally.errors.values.reduce(0, +), tally.notifications)
        }
        print(
          String(
            format: "  %6.1f  %6d  %8d  %8d  %6d  %6d  %9.1f  %7.1f  %5.1f  %6.1f  %8d  %6.1f  %6.1f  %3d",
            (now() - start) / 60,
            sent,
            answers, rejections, errors, notes, Double(rss) / 1_000_000, Double(anon) / 1_000_000,
            Double(floor) / 1e6,
            Double(median) / 1e6, fds,
            Double(fileSize(dir + "/events.jsonl")) / 1_000_000, Double(size) / 1_000_000, tmp))
        fflush(nil)  // each sample as it is taken, also into a file
      }
    }
    let hwm = Memory.peak(server.pid)
    server.send(Array(#"{"jsonrpc":"2.0","id":0,"method":"shutdown"}"#.utf8) + [0x0A])
    server.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
    server.finish()
    reader.cancel()
    let errors = tally.lock.withLock { tally.errors }
    if !errors.isEmpty {
      print("  errors other than rejections, by code: \(errors.sorted { $0.key < $1.key })")
    }
    // Flat: after the first sample (warm-up), resident size grows by under 10% + 8 MB, open
    // files by at most 4, the data directory by at most 16 MB (the log's bound is 8 MB under
    // --hostile), and no download file is left in the temporary directory.
    guard let first = samples.first, let last = samples.last else {
      print("  no sample taken: run longer than --sample-seconds")
      return false
    }
    let peak = samples.map(\.rss).max() ?? 0
    // A reading can land while bodies are in flight (under --hostile, up to 4 downloads of a
    // 20 MiB limit each): memory is judged by floors (the least of a sample's readings, one a
    // second), never one reading. What is judged is the memory the server allocated
    // (RssAnon); the pages of its binary and libraries it has touched (RssFile) grow as more
    // code runs, up to the files' size, and are printed. After the first sample (warm-up: its
    // floor is the server before its first page), two comparisons, each within under 10% +
    // 8 MB: the least floor of the first half against the second's, and the least floor of
    // the middle third against the last third's, which sees a slope that starts late.
    let settled = (samples.count >= 4 ? samples.dropFirst() : samples[...]).map(\.floor)
    let half = max(1, settled.count / 2)
    let early = settled.prefix(half).min() ?? first.floor
    let late = settled.suffix(settled.count - half).min() ?? last.floor
    let allowed = early / 10 + 8_000_000
    let third = settled.count / 3
    let middle = third > 0 ? settled.dropFirst(third).prefix(third).min() ?? early : early
    let lastThird = third > 0 ? settled.suffix(third).min() ?? late : late
    var flat =
      late - early < allowed && lastThird - middle < allowed && last.fds - first.fds <= 4 && errors.isEmpty
    if hostile { flat = flat && last.dir - first.dir <= 16_000_000 && last.tmp <= first.tmp }
    // The peak's bound (VmHWM counts every resident page): the idle server, four downloads at
    // their limit, two API pages at theirs, and 64 MB for everything else (a snapshot's
    // encoding, retention's fold).
    let earlyRSS = samples.prefix(half).map(\.rss).min() ?? first.rss
    let peakBound = earlyRSS + 4 * (20 << 20) + 2 * (4 << 20) + 64_000_000
    if let hwm, hostile { flat = flat && hwm <= peakBound }
    print(
      String(
        format:
          "  RSS %.1f → %.1f MB (sampled peak %.1f; of it the binary's and libraries' pages %.1f → %.1f), allocated (RssAnon) %.1f → %.1f MB (after warm-up, least floor of each half %.1f → %.1f, of the middle and last thirds %.1f → %.1f), open files %d → %d, data dir %.1f → %.1f MB, temp files %d → %d: %@",
        Double(first.rss) / 1e6, Double(last.rss) / 1e6, Double(peak) / 1e6,
        Double(first.rss - first.anon) / 1e6,
        Double(last.rss - last.anon) / 1e6, Double(first.anon) / 1e6, Double(last.anon) / 1e6,
        Double(early) / 1e6,
        Double(late) / 1e6, Double(middle) / 1e6, Double(lastThird) / 1e6, first.fds, last.fds,
        Double(first.dir) / 1e6, Double(last.dir) / 1e6, first.tmp,
        last.tmp, flat ? "flat" : "NOT FLAT"))
    if let hwm {
      print(
        String(format: "  server VmHWM %.1f MB (bound %.1f MB)", Double(hwm) / 1e6, Double(peakBound) / 1e6))
    }
    return flat
  }
}
