import Foundation
import GalleryCore
import GalleryTesting

#if canImport(Glibc)
  import Glibc
#endif

/// Row 1 and 2 of the benchmark table: `auth/setEmail` round trips over stdio, against the
/// same client talking to a process that echoes each line (`cat`).
enum RoundTrip {
  /// A child process on pipes, read line by line. One thread may read while another writes
  /// (the read buffer belongs to the reader alone).
  final class Child: @unchecked Sendable {
    let pid: pid_t
    let input: Int32
    let output: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 20)
    private var lo = 0
    private var hi = 0

    init(_ argv: [String]) {
      var toChild: [Int32] = [0, 0]
      var fromChild: [Int32] = [0, 0]
      // Close-on-exec: a later child must not inherit this one's pipe ends (a copy of cat's
      // stdin held by the echolog child kept cat from ever seeing its end of input).
      pipe(&toChild)
      pipe(&fromChild)
      for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
      posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addclose(&actions, toChild[1])
      posix_spawn_file_actions_addclose(&actions, fromChild[0])
      var child: pid_t = 0
      let cargs = argv.map { strdup($0) } + [nil]
      let status = posix_spawn(&child, argv[0], &actions, nil, cargs, environ)
      precondition(status == 0, "could not start \(argv[0])")
      for p in cargs { free(p) }
      close(toChild[0])
      close(fromChild[1])
      pid = child
      input = toChild[1]
      output = fromChild[0]
    }

    func send(_ bytes: [UInt8]) {
      var done = 0
      while done < bytes.count {
        let n = bytes[done...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        precondition(n > 0)
        done += n
      }
    }

    /// The next line (without its newline).
    func line() -> ArraySlice<UInt8> {
      guard let line = lineOrNil() else { preconditionFailure("the child closed its output") }
      return line
    }

    /// The next line, or nil once the child has closed its output.
    func lineOrNil() -> ArraySlice<UInt8>? {
      while true {
        // memchr: the client's own cost must stay small next to the server's.
        let found = buffer.withUnsafeBytes { raw -> Int? in
          guard hi > lo, let p = memchr(raw.baseAddress! + lo, 0x0A, hi - lo) else { return nil }
          return raw.baseAddress!.distance(to: UnsafeRawPointer(p))
        }
        if let nl = found {
          let line = buffer[lo..<nl]
          lo = nl + 1
          return line
        }
        if lo > 0 {
          // In place: a slice of the buffer passed to its own mutation would copy all 1 MB of
          // it (and fault in fresh pages) on every request, which once cost the echo 450 µs.
          let (from, count) = (lo, hi - lo)
          buffer.withUnsafeMutableBytes { raw in
            if count > 0 { memmove(raw.baseAddress!, raw.baseAddress! + from, count) }
          }
          hi = count
          lo = 0
        }
        if hi == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
        let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress! + hi, $0.count - hi) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return nil }
        hi += n
      }
    }

    func finish() {
      close(input)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
  }

  /// This program's own path (the echolog child is this program).
  static let selfPath = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
  }

  static func micros(_ a: UInt64, _ b: UInt64) -> Double { Double(b - a) / 1000 }

  static func nowNanos() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
  }

  /// Round trips of `count` requests; `linesPerRequest` lines come back for each.
  static func measure(_ child: Child, count: Int, linesPerRequest: Int, request: (Int) -> [UInt8]) -> [Double]
  {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    for i in 0..<count {
      let bytes = request(i)
      let start = nowNanos()
      child.send(bytes)
      for _ in 0..<linesPerRequest { _ = child.line() }
      samples.append(micros(start, nowNanos()))
    }
    return samples.sorted()
  }

  static func report(_ label: String, _ samples: [Double]) -> (p50: Double, p99: Double) {
    let p50 = percentile(samples, 0.5)
    let p99 = percentile(samples, 0.99)
    print(
      String(
        format: "  %@ p50 %8.1f µs   p99 %8.1f µs   (n=%d)",
        label.padding(toLength: 38, withPad: " ", startingAt: 0), p50, p99, samples.count))
    return (p50, p99)
  }

  static func setEmail(_ i: Int) -> [UInt8] {
    Array(
      #"{"jsonrpc":"2.0","id":\#(i + 10),"method":"auth/setEmail","params":{"value":"user\#(i % 97)@mail.com"}}"#
        .utf8) + [0x0A]
  }

  /// The same request as Python's `json.dumps` writes it: a space after `,` and `:`.
  static func spacedSetEmail(_ i: Int) -> [UInt8] {
    Array(
      #"{"jsonrpc": "2.0", "id": \#(i + 10), "method": "auth/setEmail", "params": {"value": "user\#(i % 97)@mail.com"}}"#
        .utf8) + [0x0A]
  }

  /// Where the client and its child (echo or server) run. On this 2-vCPU VM a wake-up across
  /// vCPUs costs ~25 µs each way (an idle vCPU halts at once), on the same vCPU a few µs;
  /// left to the scheduler, a trivial echo stays beside the client and a working server
  /// does not, so the two baselines would measure different things.
  enum Placement: String {
    /// Client on CPU 0, the child on CPU 1: the pipe's cost between two cores.
    case crossCore = "cross-core"
    /// Everything on CPU 0: no cross-core wake-up at all; the server's work shows bare.
    case sameCore = "same-core"

    func pinChildren() { Self.pin(self == .crossCore ? 1 : 0) }
    func pinClient() { Self.pin(0) }

    static func pin(_ cpu: Int) { setAffinity([cpu]) }

    static func unpin() { setAffinity(Array(0..<Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// `sched_setaffinity` for this thread (Glibc's module hides it behind _GNU_SOURCE).
    private static func setAffinity(_ cpus: [Int]) {
      typealias SetAffinity = @convention(c) (pid_t, Int, UnsafeRawPointer) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_setaffinity") else {
        fatalError("sched_setaffinity not found")
      }
      var mask = [UInt8](repeating: 0, count: 128)
      for cpu in cpus { mask[cpu / 8] |= UInt8(1 << (cpu % 8)) }
      let status = mask.withUnsafeBytes {
        unsafeBitCast(symbol, to: SetAffinity.self)(0, 128, $0.baseAddress!)
      }
      precondition(status == 0, "sched_setaffinity failed")
    }
  }

  /// Returns p50 and p99 of the server.
  ///
  /// The echo and the server run side by side and are measured in alternating blocks (ten
  /// of each), so both see the same machine: on this VM a blocked reader's wake-up swings
  /// from 20 to 500 µs as the host's load moves, and back-to-back runs measured the drift.
  @discardableResult
  static func run(binary: String, count: Int, feedPhotos: Int, placement: Placement) -> (
    p50: Double, p99: Double
  ) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-rt-\(getpid())")
      .path
    try? FileManager.default.removeItem(atPath: dir)
    // Children inherit the affinity in force when they are started (the fake provider's
    // threads in this process are started before, unpinned).
    let (server, fake) = startServer(binary: binary, dir: dir, feedPhotos: feedPhotos) {
      placement.pinChildren()
    }
    Placement.unpin()
    loadFeed(server, photos: feedPhotos, pageSize: 20)
    placement.pinChildren()
    let echo = Child([option("--echo", "/bin/cat")])
    let logFile = dir + "-echolog.jsonl"
    let echolog = Child([selfPath, "echolog", logFile])
    placement.pinClient()
    defer { Placement.unpin() }
    _ = measure(echo, count: 5000, linesPerRequest: 1, request: setEmail)
    _ = measure(echolog, count: 5000, linesPerRequest: 2, request: setEmail)
    _ = measure(server, count: 5000, linesPerRequest: 2, request: setEmail)
    var echoSamples: [Double] = []
    var echologSamples: [Double] = []
    var samples: [Double] = []
    let block = max(1, count / 10)
    for _ in 0..<10 {
      echoSamples += measure(echo, count: block, linesPerRequest: 1, request: setEmail)
      echologSamples += measure(echolog, count: block, linesPerRequest: 2, request: setEmail)
      samples += measure(server, count: block, linesPerRequest: 2, request: setEmail)
    }
    echo.finish()
    echolog.finish()
    try? FileManager.default.removeItem(atPath: logFile)
    let baseline = report("echo (cat), same client", echoSamples.sorted())
    let least = report("echolog (read, log write, answer write)", echologSamples.sorted())
    let row = report("gallery-rpc auth/setEmail (+state/changed)", samples.sorted())
    print(String(format: "  ratio p50 %.2f× echo; p99 %.3f ms", row.p50 / baseline.p50, row.p99 / 1000))
    print(
      String(
        format: "  row 1: p50 %.2f× echolog; server work beyond echo %.1f µs, beyond echolog %.1f µs (p50)",
        row.p50 / least.p50, row.p50 - baseline.p50, row.p50 - least.p50))
    server.send(
      Array(#"{"jsonrpc":"2.0","id":999999,"method":"auth/setEmail","params":{"value":"x"}}"#.utf8) + [0x0A])
    let patch = String(decoding: server.line(), as: UTF8.self)
    _ = server.line()
    let patchBytes =
      (try? JSONParser.parse(patch)).flatMap { $0["params"]?["patch"] }.map { JSONWriter.bytes($0).count }
      ?? -1
    print("  one state/changed: \(patch.utf8.count) bytes, of which the patch \(patchBytes) bytes")
    defer { _ = row }
    server.finish()
    fake?.stop()
    try? FileManager.default.removeItem(atPath: dir)
    return row
  }

  /// A server on `dir`; feeds larger than the demo catalog come from a fake Pixabay in this
  /// process, over real HTTP, with `feedPhotos` photos in all.
  static func startServer(binary: String, dir: String, feedPhotos: Int, beforeSpawn: () -> Void = {}) -> (
    Child, FakeHTTPServer?
  ) {
    var fake: FakeHTTPServer?
    var feedFlag = "demo"
    if feedPhotos > DemoCatalog.count {
      fake = try! FakeHTTPServer { request in
        let page = Int(request.query["page"] ?? "1") ?? 1
        let size = Int(request.query["per_page"] ?? "20") ?? 20
        let ids = ((page - 1) * size + 1)...max((page - 1) * size + 1, min(feedPhotos, page * size))
        let hits = ids.map { id in
          #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"tag\#(id % 50), bench","previewURL":"https://cdn.example/\#(id)_150.jpg","largeImageURL":"https://cdn.example/\#(id)_1280.jpg","imageWidth":1280,"imageHeight":853,"likes":\#(id % 300),"user":"user\#(id % 97)","user_id":\#(id % 97)}"#
        }
        return .json(
          #"{"total":\#(feedPhotos),"totalHits":\#(feedPhotos),"hits":[\#(hits.joined(separator: ","))]}"#)
      }
      setenv("PIXABAY_BASE_URL", fake!.baseURL, 1)
      setenv("PIXABAY_API_KEY", "bench", 1)
      feedFlag = "pixabay"
    }
    beforeSpawn()
    let server = Child([
      binary, "serve", "--data-dir", dir, "--durability", "batch", "--log-level", "error", "--feed", feedFlag,
    ])
    server.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A])
    _ = server.line()
    return (server, fake)
  }

  /// Loads the feed page by page (`pageSize` photos each) until it holds `photos`.
  static func loadFeed(_ server: Child, photos: Int, pageSize: Int) {
    guard photos > 0 else { return }
    var id = 2
    if pageSize != 20 {
      server.send(
        Array(
          #"{"jsonrpc":"2.0","id":\#(id),"method":"settings/update","params":{"pageSize":\#(pageSize)}}"#.utf8
        )
          + [0x0A])
      _ = waitFor(server, id: id)
      id += 1
    }
    server.send(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"feed/refresh"}"#.utf8) + [0x0A])
    id += 1
    _ = drainUntilLoaded(server)
    while true {
      server.send(
        Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"state/get","params":{"pointer":"/feed/page"}}"#.utf8)
          + [0x0A])
      let page =
        Int(
          waitFor(server, id: id).components(separatedBy: "\"value\":").last?.split(separator: ",").first
            ?? "0") ?? 0
      id += 1
      if page * pageSize >= photos { break }
      server.send(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"feed/loadMore"}"#.utf8) + [0x0A])
      let more = answerAndLoad(server, id: id)
      id += 1
      if !more { break }
    }
  }

  /// Reads until the answer to `id` and, unless it recorded nothing, the `state/changed`
  /// that marks the page loaded: in either order, as the page can land (on the effect's
  /// thread) before the answer is released at the end of the request's read.
  static func answerAndLoad(_ child: Child, id: Int) -> Bool {
    var answer: String?
    var loaded = false
    while answer == nil || !loaded {
      let line = String(decoding: child.line(), as: UTF8.self)
      if line.hasPrefix("{\"id\":\(id),") {
        answer = line
        if line.contains("\"events\":[]") { return false }
      } else if line.contains("\"/feed/status\",\"value\":\"loaded\"") {
        loaded = true
      }
    }
    return true
  }

  static func waitFor(_ child: Child, id: Int) -> String {
    while true {
      let line = String(decoding: child.line(), as: UTF8.self)
      if line.hasPrefix("{\"id\":\(id),") { return line }
    }
  }

  static func drainUntilLoaded(_ child: Child) -> String {
    while true {
      let line = String(decoding: child.line(), as: UTF8.self)
      if line.contains("\"/feed/status\",\"value\":\"loaded\"") { return line }
    }
  }
}
