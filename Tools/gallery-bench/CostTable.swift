import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-bench counted --table`: every method of the contract counted in instructions
/// (callgrind, `SWIFT_DETERMINISTIC_HASHING=1`) at a small session and at a large one, with
/// the ratio. Each method is called as its contract's example says (`MethodExampleTour`), in
/// one `serve` under callgrind per size (twice: a first pass, whose figures are each method's
/// first call in the process, then the counted one), which writes its counters at the start of each read
/// of a request (`--dump-before` the serving loop's `serve(_:)`): a request's part holds its
/// answer, the patch it publishes and the work it starts on the serving thread. The effects it
/// starts (a page fetched, a list decoded) are the next part's: the `effects/settle` the tour
/// sends after it, less an idle settle's count.
///
/// Owner of what it makes: one scratch directory in the system temp directory (the data
/// directory and callgrind's parts), removed at the end; the fake providers, stopped. Bound:
/// one data directory at a time (the large one's log: 1,000,000 typed events, about 150 MB)
/// and one callgrind part a request (about 150 kB each; a few thousand requests a size).
enum CostTable {
  /// The label of a method's first call (`first:` and its name).
  static let first = "first:"

  /// The two sizes: a session a user starts with, and the largest the issue names (the
  /// favorites list holds at most 1,000, and one example adds one).
  static let small = (size: MethodExampleTour.Size(photos: 40, keptPhotos: 5, typedEvents: 100), albums: 100)
  static let large = (
    size: MethodExampleTour.Size(photos: 10_000, keptPhotos: 999, typedEvents: 1_000_000), albums: 60_000
  )

  /// One method's counts at one size: its request's part, and with its effects.
  struct Count {
    var call = 0
    var withEffects = 0
    var note = ""
  }

  static func run(binary: String, largeEvents: Int?) -> Bool {
    guard let valgrind = Counted.which("valgrind") else {
      Counted.say(
        "counted --table: valgrind is not installed (apt-get install valgrind); nothing was counted")
      return false
    }
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-bench-table-\(getpid())"
    ).path
    try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let stripped = Counted.stripped(binary, into: scratch)
    Counted.say("counted --table: \(binary), callgrind, SWIFT_DETERMINISTIC_HASHING=1")
    var large = large
    if let largeEvents { large.size.typedEvents = largeEvents }
    let counts = [small, large].map { size in
      count(valgrind, stripped, scratch, size.size, albums: size.albums)
    }
    print(table(counts[0], counts[1], large: large))
    return true
  }

  /// Prepares a data directory at `size` (uncounted), then counts every method's example on it.
  static func count(
    _ valgrind: String, _ binary: String, _ scratch: String, _ size: MethodExampleTour.Size, albums: Int
  ) -> [String: Count] {
    let dir = scratch + "/data"
    try? FileManager.default.removeItem(atPath: dir)
    // More photos than are loaded, so `feed/loadMore` has a page to load.
    let providers = try! SizedProviders(photos: size.photos + 100, albums: albums)
    defer { providers.stop() }
    setenv("PIXABAY_BASE_URL", providers.baseURL, 1)
    setenv("PIXABAY_API_KEY", "bench", 1)
    setenv("JSONPLACEHOLDER_BASE_URL", providers.baseURL, 1)
    let flags = [
      "serve", "--data-dir", dir, "--durability", "none", "--log-level", "error", "--retain-hours", "all",
      "--retain-bytes", "all", "--feed", "pixabay", "--albums", "jsonplaceholder",
    ]
    let started = Date()
    let prepared = Session(RoundTrip.Child([binary] + flags))
    _ = prepared.send("initialize", .object([:]), .setup)
    let problems = MethodExampleTour(send: prepared.send).prepare(size)
    prepared.stop()
    Counted.say(
      "  prepared \(size.photos) photos, \(size.keptPhotos) favorites, \(albums) albums, \(size.typedEvents) typed events in "
        + String(format: "%.0f s", Date().timeIntervalSince(started))
        + (problems.isEmpty ? "" : "; problems: \(problems.joined(separator: "; "))"))

    let parts = scratch + "/parts"
    try? FileManager.default.removeItem(atPath: parts)
    try! FileManager.default.createDirectory(atPath: parts, withIntermediateDirectories: true)
    let session = Session(
      RoundTrip.Child(
        [
          valgrind, "--tool=callgrind", "--callgrind-out-file=\(parts)/out",
          "--dump-before=*GalleryServerC5serveySbSay7JSONRPC12FrameDecoderV4ItemOGF",
        ] + [binary] + flags))
    _ = session.send("initialize", .object([:]), .setup)
    // Settles with nothing in flight: what a settle costs by itself.
    for _ in 0..<3 { _ = session.send("effects/settle", .object([:]), .settle(afterCounted: false)) }
    let tour = MethodExampleTour(send: session.send)
    var notes: [String: String] = [:]
    // Each method's first call in the process, counted apart: it pays what a process does once
    // (a type's first conformance lookups, a document parsed once). Those counted last replace
    // what the others count on, so they are called once, in the second pass.
    for spec in MethodExampleTour.methods where spec.example?.countedLast == false {
      session.current = Self.first + spec.name
      _ = tour.run(spec)
    }
    for spec in MethodExampleTour.methods {
      session.current = spec.name
      let (response, problems) = tour.run(spec)
      var note = response["error"].map { "answered " + MethodExampleTour.describe($0) } ?? ""
      if !problems.isEmpty { note += (note.isEmpty ? "" : "; ") + problems.joined(separator: "; ") }
      notes[spec.name] = note
      session.current = nil
    }
    session.stop()
    Counted.say(
      "  counted \(size.photos) photos in " + String(format: "%.0f s", Date().timeIntervalSince(started)))
    // Request k (from 0) is part k + 2: part 1 is the start-up before the first read.
    let totals = partTotals(parts)
    func part(_ k: Int) -> Int { totals[k + 2]?.total ?? 0 }
    let idle = session.requests.indices.filter {
      session.requests[$0].method == nil && session.requests[$0].role != .setup
    }
    .prefix(3).map(part).sorted()
    let settle = idle.isEmpty ? 0 : idle[idle.count / 2]
    // GALLERY_BENCH_KEEP=DIR keeps each counted call's part there, and its effects' part, for
    // callgrind_annotate.
    func keep(_ k: Int, _ label: String) {
      guard let keep = ProcessInfo.processInfo.environment["GALLERY_BENCH_KEEP"],
        let file = totals[k + 2]?.file
      else { return }
      let name = "\(size.photos)-" + label.replacingOccurrences(of: "/", with: "-") + ".callgrind"
      try? FileManager.default.removeItem(atPath: keep + "/" + name)
      try? FileManager.default.copyItem(atPath: parts + "/" + file, toPath: keep + "/" + name)
    }
    var counts: [String: Count] = [:]
    for (k, request) in session.requests.enumerated() {
      guard let method = request.method else { continue }
      switch request.role {
      case .counted:
        counts[method, default: Count(note: notes[method] ?? "")].call = part(k)
        counts[method]!.withEffects += part(k)
        keep(k, method)
      case .settle(afterCounted: true):
        counts[method, default: Count()].withEffects += max(0, part(k) - settle)
        keep(k, method + "+effects")
      default: break
      }
    }
    try? FileManager.default.removeItem(atPath: dir)
    return counts
  }

  /// A session with the core, in lock step: each request answered before the next, and each
  /// remembered with the method being counted when it was sent.
  final class Session {
    let child: RoundTrip.Child
    var requests: [(method: String?, role: MethodExampleTour.Role)] = []
    var current: String?

    init(_ child: RoundTrip.Child) { self.child = child }

    func send(_ method: String, _ params: JSONValue, _ role: MethodExampleTour.Role) -> JSONValue {
      let id = requests.count + 1
      requests.append((current, role))
      let message: JSONValue = .object([
        "jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method), "params": params,
      ])
      child.send(JSONWriter.bytes(message) + [0x0A])
      // The answer: a result starts with its id, an error with `{"error":`; notifications
      // (`{"jsonrpc":…,"method":…}`) are read past.
      let result = Array(#"{"id":\#(id),"#.utf8)
      let error = Array(#"{"error":"#.utf8)
      while true {
        let line = child.line()
        if line.starts(with: result) { return (try? JSONParser.parse(Array(line))) ?? .null }
        if line.starts(with: error), let answer = try? JSONParser.parse(Array(line)),
          answer["id"] == .number(Double(id))
        {
          return answer
        }
      }
    }

    func stop() {
      child.send(Array(#"{"jsonrpc":"2.0","id":900001,"method":"shutdown"}"#.utf8) + [0x0A])
      _ = RoundTrip.waitFor(child, id: 900001)
      child.send(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8) + [0x0A])
      child.finish()
    }
  }

  /// Each callgrind part's total instructions and file, by part number.
  static func partTotals(_ dir: String) -> [Int: (total: Int, file: String)] {
    var totals: [Int: (total: Int, file: String)] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
      guard let text = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8) else { continue }
      var part: Int?
      var total: Int?
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        if line.hasPrefix("part:") { part = Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) }
        if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
          total = Int(line.split(separator: " ").last ?? "")
        }
        if part != nil, total != nil { break }
      }
      if let part, let total { totals[part] = (total, name) }
    }
    return totals
  }

  /// The table, in Markdown: a row a method, in the tour's order. Each figure is a call with
  /// the work its effects did (`withEffects`), in the second pass (what the call costs once
  /// the process has done its one-time work), and the large session's first call apart.
  static func table(
    _ small: [String: Count], _ large: [String: Count],
    large size: (size: MethodExampleTour.Size, albums: Int)
  ) -> String {
    var out = """

      | method | small | large | large / small | large, first call | note |
      |---|---:|---:|---:|---:|---|

      """
    func ratio(_ a: Int, _ b: Int) -> String { a == 0 ? "–" : String(format: "%.2f", Double(b) / Double(a)) }
    for spec in MethodExampleTour.methods {
      let s = small[spec.name] ?? Count()
      let l = large[spec.name] ?? Count()
      let firstCall = large[first + spec.name].map { "\($0.withEffects)" } ?? "(the same)"
      let note = [s.note.isEmpty ? "" : "small: " + s.note, l.note.isEmpty ? "" : "large: " + l.note]
        .filter { !$0.isEmpty }.joined(separator: "; ")
      out +=
        "| `\(spec.name)` | \(s.withEffects) | \(l.withEffects) | \(ratio(s.withEffects, l.withEffects)) | \(firstCall) | \(note) |\n"
    }
    out +=
      "\nsmall: \(MethodExampleTour.methods.count) methods at \(CostTable.small.size.photos) photos, \(CostTable.small.size.keptPhotos) favorites, \(CostTable.small.albums) albums, \(CostTable.small.size.typedEvents) typed events; large: \(size.size.photos) photos, \(size.size.keptPhotos) favorites, \(size.albums) albums, \(size.size.typedEvents) typed events.\n"
    return out
  }
}
