import Foundation
import GalleryCore
import GalleryTesting
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-bench counted`: the keystroke and replay in instructions counted by callgrind
/// (`SWIFT_DETERMINISTIC_HASHING=1`), which reproduce to 0.1 % where timings move 40 %:
///
/// - K: one keystroke of `gallery-rpc serve`. A lock-step client sends `initialize`, then N
///   `auth/setEmail`, each after the last one's answer; K = (count at N = 2,000 − at N = 200)
///   / 1,800, so start-up and exit cancel out.
/// - Kb: K with `--durability batch` and JSON written as Python's `json.dumps` writes it.
/// - K10k: the same with 10,000 photos in the feed (loaded from a fake Pixabay on 127.0.0.1
///   once, before counting; both runs start from a copy of that data directory).
/// - R: `gallery-rpc replay` of a 100,000-event mixed log (`write-log`'s), per event, whole
///   process.
///
/// Owner of what it makes: one scratch directory in the system temp directory (the data
/// directories, callgrind's outputs, the log), removed at the end. Bound: two data directories
/// and one 40 MB log at a time.
enum Counted {
  static func run(binary: String, photos: Int, events: Int) -> Bool {
    guard let valgrind = which("valgrind") else {
      say("counted: valgrind is not installed (apt-get install valgrind); nothing was counted")
      return false
    }
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-bench-counted-\(getpid())"
    )
    .path
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    say("counted: \(binary), callgrind, SWIFT_DETERMINISTIC_HASHING=1")
    // Valgrind cannot read the debug info Swift's release builds carry, so it counts a copy
    // without it (the code is the same bytes).
    let binary = stripped(binary, into: scratch)

    let k = keystroke(valgrind, binary, scratch, photos: 0)
    say(row("K   per keystroke (empty feed)", k))
    let kb = keystroke(valgrind, binary, scratch, photos: 0, batch: true)
    say(row("Kb  per keystroke (batch, spaced)", kb))
    // A build before the attach point has no observer to count.
    let help = RoundTrip.Child([binary, "--help"])
    var usage = ""
    while let line = help.lineOrNil() { usage += String(decoding: line, as: UTF8.self) }
    help.finish()
    if usage.contains("gallery-rpc attach") {
      let ko = keystroke(valgrind, binary, scratch, photos: 0, observed: true)
      say(row("Ko  per keystroke (an observer attached)", ko))
      say("    Ko / K = " + String(format: "%.3f", Double(ko.per) / Double(max(1, k.per))))
    }
    let k10 = keystroke(valgrind, binary, scratch, photos: photos)
    say(row("K\(photos / 1000)k per keystroke (\(photos) photos)", k10))
    say("    K\(photos / 1000)k / K = " + String(format: "%.3f", Double(k10.per) / Double(max(1, k.per))))

    let log = scratch + "/replay.jsonl"
    try! ReplayBench.generate(log, count: events)
    // The replayed state is read to its end (a pipe left unread would stop the child).
    let total = count(valgrind, [binary, "replay", log], scratch: scratch) { child in
      while child.lineOrNil() != nil {}
    }
    say("R   per replayed event: \(total / events)  (\(total) instructions, \(events) events)")
    return true
  }

  /// The counts at N = 200 and 2,000 and the keystroke's share.
  struct Keystroke {
    var small = 0
    var large = 0
    var per: Int { (large - small) / 1800 }
  }

  static func row(_ label: String, _ k: Keystroke) -> String {
    "\(label.padding(toLength: 36, withPad: " ", startingAt: 0)) \(k.per)  (N = 200: \(k.small), N = 2,000: \(k.large))"
  }

  /// `batch`: the server at `--durability batch`, sent JSON as Python's `json.dumps` writes it
  /// (clients write both forms). `observed`: one client attached as observe, reading every
  /// patch, all along.
  static func keystroke(
    _ valgrind: String, _ binary: String, _ scratch: String, photos: Int, batch: Bool = false,
    observed: Bool = false
  )
    -> Keystroke
  {
    let prepared = scratch + "/prepared-\(photos)"
    try? FileManager.default.removeItem(atPath: prepared)
    var flags = ["--durability", batch ? "batch" : "none", "--log-level", "error"]
    var fake: FakeHTTPServer?
    if photos > 0 {
      // The feed is loaded once, uncounted; each counted run starts from a copy of it.
      let (server, provider) = RoundTrip.startServer(binary: binary, dir: prepared, feedPhotos: photos)
      RoundTrip.loadFeed(server, photos: photos, pageSize: 20)
      server.send(Array(#"{"jsonrpc":"2.0","id":900000,"method":"shutdown"}"#.utf8) + [0x0A])
      _ = RoundTrip.waitFor(server, id: 900000)
      server.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
      server.finish()
      fake = provider
      flags += ["--feed", "pixabay"]
    }
    defer { fake?.stop() }
    var result = Keystroke()
    for n in [200, 2000] {
      let dir = scratch + "/run-\(photos)-\(n)"
      try? FileManager.default.removeItem(atPath: dir)
      if photos > 0 { try! FileManager.default.copyItem(atPath: prepared, toPath: dir) }
      let total = count(valgrind, [binary, "serve", "--data-dir", dir] + flags, scratch: scratch) { server in
        server.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A])
        _ = RoundTrip.waitFor(server, id: 1)
        if observed { observe(dir) }
        for i in 1...n {
          server.send(batch ? RoundTrip.spacedSetEmail(i) : RoundTrip.setEmail(i))
          _ = RoundTrip.waitFor(server, id: i + 10)
        }
        server.send(Array(#"{"jsonrpc":"2.0","id":900001,"method":"shutdown"}"#.utf8) + [0x0A])
        _ = RoundTrip.waitFor(server, id: 900001)
        server.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
      }
      if n == 200 { result.small = total } else { result.large = total }
      try? FileManager.default.removeItem(atPath: dir)
    }
    try? FileManager.default.removeItem(atPath: prepared)
    return result
  }

  /// Attaches an observer to the core serving `dir` and reads everything it is sent on a
  /// thread of its own until the core closes the connection (its owner's exit). Returns once
  /// its `initialize` is answered, so every keystroke after reaches it.
  static func observe(_ dir: String) {
    let socket = try! UnixSocket.connect(to: dir + "/attach.sock")
    let hello = Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A]
    _ = hello.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var first = [UInt8]()
    while !first.contains(0x0A) {
      let n = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      first += buffer[..<n]
    }
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while buffer.withUnsafeMutableBytes({ read(socket, $0.baseAddress, $0.count) }) > 0 {}
      close(socket)
    }
  }

  /// The instructions `argv` ran under callgrind, while `drive` talks to it over stdio.
  static func count(_ valgrind: String, _ argv: [String], scratch: String, drive: (RoundTrip.Child) -> Void)
    -> Int
  {
    let out = scratch + "/callgrind.out"
    try? FileManager.default.removeItem(atPath: out)
    let child = RoundTrip.Child([valgrind, "--tool=callgrind", "--callgrind-out-file=\(out)"] + argv)
    drive(child)
    child.finish()
    // GALLERY_BENCH_KEEP=DIR keeps each count's callgrind output there, for callgrind_annotate.
    if let keep = ProcessInfo.processInfo.environment["GALLERY_BENCH_KEEP"] {
      try? FileManager.default.copyItem(
        atPath: out, toPath: keep + "/callgrind.out.\(getpid()).\(Date().timeIntervalSince1970)")
    }
    let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
      if let n = Int(line.split(separator: " ").last ?? "") { return n }
    }
    preconditionFailure("callgrind wrote no totals for \(argv.joined(separator: " "))")
  }

  /// A copy of `binary` without debug info (`objcopy --strip-debug`), or `binary` itself
  /// when objcopy is missing.
  static func stripped(_ binary: String, into scratch: String) -> String {
    let copy = scratch + "/" + URL(fileURLWithPath: binary).lastPathComponent
    guard let objcopy = which("objcopy") else { return binary }
    let tool = RoundTrip.Child([objcopy, "--strip-debug", binary, copy])
    tool.finish()
    return FileManager.default.isExecutableFile(atPath: copy) ? copy : binary
  }

  /// Prints a line at once (unbuffered: each figure shows as it is counted).
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func which(_ tool: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/\(tool)"
      if access(path, X_OK) == 0 { return path }
    }
    return nil
  }
}
