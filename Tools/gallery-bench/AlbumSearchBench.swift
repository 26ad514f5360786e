import Foundation
import GalleryCore
import GalleryTesting

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-bench albums-search`: the albums screen at a size a legal JSONPlaceholder page
/// reaches (`--albums`, default 60,000, titles "album N", 10 owners), served by a fake
/// JSONPlaceholder on 127.0.0.1:
///
/// - counted (`--counted`, callgrind, `SWIFT_DETERMINISTIC_HASHING=1`): one `albums/setSearch`
///   keystroke, the mean of 100 typed in one run, each counted alone (its request's part of
///   the counters; the difference of two runs moved by ±0.5M a keystroke with the load);
/// - timed (three rounds, with their spread): 100 keystrokes typed in lock step, `replay` of the
///   log they left, and a restart of `serve` on it with no snapshot to its first answer.
///
/// Owner of what it makes: one scratch directory in the system temp directory, removed at the
/// end. Bound: one data directory of about 4 MB of log at a time.
enum AlbumSearchBench {
  /// The fake JSONPlaceholder: `albums` albums of 10 owners.
  static func provider(albums: Int) throws -> FakeHTTPServer {
    let users = (1...10).map { #"{"id":\#($0),"name":"Owner \#($0)"}"# }.joined(separator: ",")
    let list = (1...albums).map { #"{"userId":\#($0 % 10 + 1),"id":\#($0),"title":"album \#($0)"}"# }
      .joined(separator: ",")
    let usersBody = Data("[\(users)]".utf8)
    let albumsBody = Data("[\(list)]".utf8)
    return try FakeHTTPServer { request in
      switch request.path {
      case "/users": return .init(headers: ["Content-Type": "application/json"], body: usersBody)
      case "/albums": return .init(headers: ["Content-Type": "application/json"], body: albumsBody)
      default: return .init(headers: ["Content-Type": "application/json"], body: Data("[]".utf8))
      }
    }
  }

  static let shape =
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"initializationOptions":{"signIn":"none","home":"albums"}}}"#

  /// A serving core on `dir` with the fake's albums (loaded at start).
  static func serve(_ binary: String, _ dir: String, prefix: [String] = []) -> RoundTrip.Child {
    RoundTrip.Child(
      prefix + [
        binary, "serve", "--data-dir", dir, "--durability", "none", "--log-level", "error", "--albums",
        "jsonplaceholder",
      ])
  }

  /// Starts `child`'s session and waits for the albums to be loaded.
  static func start(_ child: RoundTrip.Child) {
    child.send(Array(shape.utf8) + [0x0A])
    _ = RoundTrip.waitFor(child, id: 1)
    while true {
      let line = String(decoding: child.line(), as: UTF8.self)
      if line.contains("\"/albums/status\",\"value\":\"loaded\"") { return }
    }
  }

  /// Types `n` keystrokes in lock step: "a", "al", … cycling through "album 1234".
  static func type(_ child: RoundTrip.Child, _ n: Int, firstID: Int = 10) {
    let word = Array("album 1234")
    for i in 0..<n {
      let text = String(word[0...(i % word.count)])
      child.send(
        Array(
          #"{"jsonrpc":"2.0","id":\#(firstID + i),"method":"albums/setSearch","params":{"text":"\#(text)"}}"#
            .utf8)
          + [0x0A])
      _ = RoundTrip.waitFor(child, id: firstID + i)
    }
  }

  static func stop(_ child: RoundTrip.Child) {
    child.send(Array(#"{"jsonrpc":"2.0","id":900001,"method":"shutdown"}"#.utf8) + [0x0A])
    _ = RoundTrip.waitFor(child, id: 900001)
    child.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
    child.finish()
  }

  static func run(binary: String, albums: Int, counted: Bool) throws {
    let fake = try provider(albums: albums)
    defer { fake.stop() }
    setenv("JSONPLACEHOLDER_BASE_URL", fake.baseURL, 1)
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-bench-albums-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    print("albums-search: \(binary), \(albums) albums of 10 owners")
    if counted {
      guard let valgrind = Counted.which("valgrind") else {
        print("albums-search: valgrind is not installed (apt-get install valgrind)")
        return
      }
      let stripped = Counted.stripped(binary, into: scratch)
      // One run, its counters written as each request is read (`--dump-before` the serving
      // loop's `serve(_:)`): a keystroke's part is its own work, so the load of 60,000 albums
      // (which moves by tens of millions from run to run) stays out of the figure.
      let parts = scratch + "/parts"
      try FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
      let dir = scratch + "/counted"
      let child = RoundTrip.Child([
        valgrind, "--tool=callgrind", "--callgrind-out-file=\(parts)/out",
        "--dump-before=*GalleryServerC5serveySbSay7JSONRPC12FrameDecoderV4ItemOGF", stripped, "serve",
        "--data-dir",
        dir, "--durability", "none", "--log-level", "error", "--albums", "jsonplaceholder",
      ])
      let keystrokes = 100
      start(child)
      // One change first, uncounted: the next change frees what the load's left behind (the
      // state before 60,000 albums and that patch), about 120M, which is the load's.
      child.send(
        Array(#"{"jsonrpc":"2.0","id":2,"method":"auth/setEmail","params":{"value":"a@b.co"}}"#.utf8) + [0x0A]
      )
      _ = RoundTrip.waitFor(child, id: 2)
      type(child, keystrokes)
      stop(child)
      // Request k (from 0: `initialize`, the change, then the keystrokes) is part k + 2.
      if let keep = ProcessInfo.processInfo.environment["GALLERY_BENCH_KEEP"] {
        try? FileManager.default.copyItem(atPath: parts, toPath: keep + "/parts-\(getpid())")
      }
      let totals = CostTable.partTotals(parts)
      let each = (1...keystrokes).map { totals[$0 + 3]?.total ?? 0 }
      print(
        "A   per albums/setSearch keystroke: \(each.reduce(0, +) / keystrokes)  (\(keystrokes) keystrokes: least \(each.min() ?? 0), most \(each.max() ?? 0))"
      )
      return
    }
    var typing: [Double] = []
    var replaying: [Double] = []
    var restarting: [Double] = []
    for round in 1...3 {
      let dir = scratch + "/timed-\(round)"
      let server = serve(binary, dir)
      start(server)
      let typed = Date()
      type(server, 100)
      typing.append(Date().timeIntervalSince(typed))
      stop(server)
      let replayed = Date()
      let replay = RoundTrip.Child([binary, "replay", dir + "/events.jsonl"])
      while replay.lineOrNil() != nil {}
      replay.finish()
      replaying.append(Date().timeIntervalSince(replayed))
      try? FileManager.default.removeItem(atPath: dir + "/snapshots")
      let restarted = Date()
      let again = serve(binary, dir)
      again.send(Array(shape.utf8) + [0x0A])
      _ = RoundTrip.waitFor(again, id: 1)
      restarting.append(Date().timeIntervalSince(restarted))
      stop(again)
      try? FileManager.default.removeItem(atPath: dir)
    }
    func row(_ label: String, _ times: [Double]) -> String {
      let sorted = times.sorted()
      return String(format: "%@ median %.2f s (%.2f–%.2f)", label, sorted[1], sorted[0], sorted[2])
    }
    print(row("100 keystrokes:      ", typing))
    print(row("replay of their log: ", replaying))
    print(row("restart, no snapshot:", restarting))
  }
}
