import EventStore
import Foundation
import GalleryCore

#if canImport(Glibc)
  import Glibc
#endif

/// Rows 3 and 4: `gallery-rpc replay` of a long log with a realistic mix, against Python's
/// `json.loads` over the same lines; start-up to the `initialize` answer with that log
/// against an empty one; peak memory at two log lengths.
enum ReplayBench {
  /// Writes `count` events: sessions of typing, sign-in, page loads of 20 photos, thumbnail
  /// results and navigation, as a frontend produces them.
  static func generate(_ path: String, count: Int) throws {
    let log = try EventLog(path: path, options: EventLogOptions(durability: .none))
    var seq = 0
    var request = 1
    func add(_ payloads: [any EventPayload]) throws {
      try log.append(try payloads.map { try EventCodec.encode(Event(erasing: $0)) })
      seq += payloads.count
    }
    var session = 0
    while seq < count {
      session += 1
      let email = "user\(session % 1000)@mail.com"
      for k in 1...email.count {
        try add([AuthEvents.FieldEdited(form: .login, field: .email, value: String(email.prefix(k)))])
      }
      for k in 1...6 { try add([AuthEvents.PasswordEdited(form: .login, length: k)]) }
      try add([AuthEvents.Submitted(form: .login, requestID: request, email: email)])
      try add([AuthEvents.Succeeded(form: .login, requestID: request, email: email)])
      request += 1
      for page in 1...5 where seq < count {
        let mode: FeedState.LoadMode = page == 1 ? .refresh : .more
        try add([FeedEvents.LoadStarted(requestID: request, mode: mode, page: page, query: "")])
        let photos = ((page - 1) * 20 + 1...page * 20).map(DemoCatalog.photo)
        try add([FeedEvents.PageLoaded(requestID: request, page: FeedPage(photos: photos, hasMore: true))])
        request += 1
        let keys = photos.map(\.key)
        try add([ImagesEvents.ImagesRequested(keys: keys, target: .thumbnail)])
        for key in keys {
          try add([
            ImagesEvents.ImageLoaded(key: key, target: .thumbnail, path: "cache/ab/\(key.hashValue & 0xffff)")
          ])
        }
        try add([
          FeedEvents.DetailOpened(key: keys[3]),
          ImagesEvents.ImagesRequested(keys: [keys[3]], target: .detail),
        ])
        try add([NavigationEvents.WentBack(from: .detail)])
      }
      try add([AuthEvents.SignedOut()])
    }
    try log.close()
  }

  /// Runs a command; returns wall seconds and peak RSS in MB.
  static func measure(_ argv: [String]) -> (seconds: Double, peakMB: Double) {
    let start = RoundTrip.nowNanos()
    var pid: pid_t = 0
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let cargs = argv.map { strdup($0) } + [nil]
    precondition(posix_spawn(&pid, argv[0], &actions, nil, cargs, environ) == 0, "could not start \(argv[0])")
    for p in cargs { free(p) }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (Double(RoundTrip.nowNanos() - start) / 1e9, Double(usage.ru_maxrss) / 1024)
  }

  static func startup(_ binary: String, dataDir: String) -> Double {
    let start = RoundTrip.nowNanos()
    let server = RoundTrip.Child([
      binary, "serve", "--data-dir", dataDir, "--durability", "none", "--log-level", "error",
    ])
    server.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A])
    _ = server.line()
    let elapsed = Double(RoundTrip.nowNanos() - start) / 1e6
    server.finish()
    return elapsed
  }

  static func run(binary: String, events: Int, dir: String) throws {
    let base = "\(dir)/gallery-bench-replay-\(getpid())"
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: base) }
    let python = "/usr/bin/env"
    var rows: [(Int, Double, Double)] = []
    for count in [events / 4, events] {
      let data = "\(base)/data-\(count)"
      try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
      let log = "\(data)/events.jsonl"
      try generate(log, count: count)
      let size = (try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
      print("  log of \(count) events, \(size / 1_000_000) MB")
      let ours = measure([binary, "replay", log])
      let py = measure([
        python, "python3", "-c", "import json,sys\nfor line in open(sys.argv[1],'rb'): json.loads(line)", log,
      ])
      print(
        String(
          format: "    gallery-rpc replay     %9.0f events/s  peak %6.1f MB", Double(count) / ours.seconds,
          ours.peakMB))
      print(
        String(
          format: "    python json.loads      %9.0f lines/s   peak %6.1f MB", Double(count) / py.seconds,
          py.peakMB))
      print(String(format: "    ratio %.2f× Python", py.seconds / ours.seconds))
      // Row 3b: the log's bytes read by cat into /dev/null, the physical limit of any replay.
      let cat = measure(["/bin/cat", log])
      print(
        String(
          format: "    cat > /dev/null        %9.0f lines/s  (%.0f MB/s); replay takes %.1f× cat's time",
          Double(count) / cat.seconds, Double(size) / 1e6 / cat.seconds, ours.seconds / cat.seconds))
      rows.append((count, ours.seconds, ours.peakMB))
      if count == events {
        let empty = "\(base)/empty"
        _ = startup(binary, dataDir: empty)
        let emptyMs = (0..<3).map { _ in startup(binary, dataDir: empty) }.min()!
        let first = startup(binary, dataDir: data)
        let warm = (0..<3).map { _ in startup(binary, dataDir: data) }.min()!
        print(
          String(
            format:
              "  start-up to initialize: empty log %.1f ms; this log: first %.0f ms (full replay, then a snapshot), later %.1f ms (%.2f× empty)",
            emptyMs, first, warm, warm / emptyMs))
      }
    }
    print(
      String(
        format: "  peak memory: %.1f MB at %d events, %.1f MB at %d events", rows[0].2, rows[0].0, rows[1].2,
        rows[1].0))
  }
}

extension Event {
  /// An event from any payload (the bench builds mixed lists).
  init(erasing payload: any EventPayload) {
    func open<P: EventPayload>(_ p: P) -> Event { Event(p) }
    self = open(payload)
  }
}
