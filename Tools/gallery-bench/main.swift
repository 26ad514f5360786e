// gallery-bench: measures the product against baselines in the same run; see BENCHMARKS.md.
//
//   swift run -c release gallery-bench log-append [--events N] [--dir D]
//     append rate of one writer, small events, for each durability policy, plus fsync with
//     4 concurrent writers (group commit); baseline: raw write(2)+fdatasync of the same bytes.
import EventStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func option(_ name: String, _ fallback: String) -> String {
  let args = CommandLine.arguments
  if let i = args.firstIndex(of: name), i + 1 < args.count { return args[i + 1] }
  return fallback
}

let smallEvent = NewEvent(
  type: "auth.emailEdited", data: Array(#"{"field":"email","value":"test@mail.com"}"#.utf8))

func freshDir() -> String {
  let base = option("--dir", FileManager.default.temporaryDirectory.path)
  let dir = "\(base)/gallery-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  return dir
}

func rate(_ events: Int, _ seconds: Double) -> String {
  String(format: "%10.0f events/s  (%d events in %.3f s)", Double(events) / seconds, events, seconds)
}

/// Baseline: the same line bytes through bare write(2), with fdatasync after each when asked.
func rawBaseline(events: Int, sync: Bool) -> Double {
  let dir = freshDir()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  var line: [UInt8] = []
  EventLine.encode(
    EventRecord(seq: 1, timeMillis: 0, type: smallEvent.type, version: 1, data: smallEvent.data), into: &line)
  let fd = open("\(dir)/raw.jsonl", O_WRONLY | O_CREAT | O_APPEND, 0o644)
  let start = now()
  for _ in 0..<events {
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if sync { fdatasync(fd) }
  }
  let elapsed = now() - start
  close(fd)
  return elapsed
}

func logAppend(events: Int, durability: Durability, writers: Int = 1) throws -> Double {
  let dir = freshDir()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  let log = try EventLog(path: "\(dir)/events.jsonl", options: EventLogOptions(durability: durability))
  let start = now()
  // Real threads: concurrentPerform would run only as many writers as there are cores.
  let group = DispatchGroup()
  for _ in 0..<writers {
    group.enter()
    Thread {
      for _ in 0..<(events / writers) { _ = try! log.append([smallEvent]) }
      group.leave()
    }.start()
  }
  group.wait()
  try log.close()
  return now() - start
}

func benchLogAppend() throws {
  let n = Int(option("--events", "20000"))!
  let fsyncN = Int(option("--fsync-events", "2000"))!
  print("log-append: one small event per append (\(smallEvent.data.count)-byte data)")
  print("  baseline write(2)+fdatasync   ", rate(fsyncN, rawBaseline(events: fsyncN, sync: true)))
  print("  EventLog fsync, 1 writer      ", rate(fsyncN, try logAppend(events: fsyncN, durability: .fsync)))
  for writers in [4, 16] {
    let label = "  EventLog fsync, \(writers) writers".padding(toLength: 32, withPad: " ", startingAt: 0)
    print(label, rate(fsyncN * 2, try logAppend(events: fsyncN * 2, durability: .fsync, writers: writers)))
  }
  print("  baseline write(2), no sync    ", rate(n, rawBaseline(events: n, sync: false)))
  print(
    "  EventLog batch:10             ",
    rate(n, try logAppend(events: n, durability: .batch(milliseconds: 10))))
  print("  EventLog none                 ", rate(n, try logAppend(events: n, durability: .none)))
}

/// The gallery-rpc binary next to this one (same build configuration).
func galleryBinary() -> String {
  option(
    "--binary",
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "gallery-rpc"
    ).path)
}

let command = CommandLine.arguments.dropFirst().first ?? "help"
switch command {
case "log-append": try benchLogAppend()
case "components": try Components.run()
case "replay":
  let events = Int(option("--events", "1000000"))!
  print("replay: a realistic log (typing, sign-in, page loads of 20 photos, thumbnails, navigation)")
  try ReplayBench.run(binary: galleryBinary(), events: events, dir: option("--dir", "/tmp"))
case "rerun":
  try RerunBench.run(
    binary: galleryBinary(), events: Int(option("--events", "100000"))!,
    keep: CommandLine.arguments.contains("--keep"))
case "write-log":
  // The replay benchmark's log, kept, for profiling `gallery-rpc replay` by hand.
  let events = Int(option("--events", "1000000"))!
  let out = option("--out", "/tmp/gallery-bench-replay.jsonl")
  try ReplayBench.generate(out, count: events)
  print("wrote \(events) events to \(out)")
case "http-memory":
  try await StoreMemory.http(
    requests: Int(option("--requests", "500"))!, bytes: Int(option("--bytes", "70000"))!)
case "store-memory":
  try StoreMemory.run(photos: Int(option("--photos", "100000"))!)
case "state-at":
  let events = Int(option("--events", "1000000"))!
  print("state-at: history/stateAt at random seqs of the replay benchmark's log (the inspector's figure)")
  try StateAtBench.run(events: events, seqs: Int(option("--seqs", "100"))!, dir: option("--dir", "/tmp"))
case "pipeline":
  print("pipeline: auth/setEmail requests written back to back, --durability fsync")
  try Pipeline.run(
    binary: galleryBinary(), requests: Int(option("--requests", "20000"))!, dir: option("--dir", "/tmp"))
case "echolog":
  EchoLog.run(log: CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "/dev/null")
case "round-trip":
  let n = Int(option("--requests", "20000"))!
  let photos = Int(option("--photos", "10000"))!
  // Cross-core needs a second CPU; on one, only the same-core placement exists.
  let placements: [RoundTrip.Placement] =
    sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 ? [.crossCore, .sameCore] : [.sameCore]
  if placements.count == 1 { print("round-trip: one CPU online, so no cross-core placement") }
  for placement in placements {
    print("round-trip (\(placement.rawValue)): auth/setEmail over stdio, --durability batch, \(n) requests")
    let empty = RoundTrip.run(binary: galleryBinary(), count: n, feedPhotos: 0, placement: placement)
    print("round-trip (\(placement.rawValue)) with \(photos) photos in the feed")
    let full = RoundTrip.run(binary: galleryBinary(), count: n, feedPhotos: photos, placement: placement)
    print(String(format: "  ratio p50 %.2f× the empty feed's", full.p50 / empty.p50))
  }
case "soak":
  let ok = Soak.run(
    binary: galleryBinary(), minutes: Double(option("--minutes", "60"))!,
    rate: Double(option("--rate", "20"))!,
    sampleSeconds: Double(option("--sample-seconds", "60"))!,
    hostile: CommandLine.arguments.contains("--hostile"),
    largeBodies: !CommandLine.arguments.contains("--small-bodies"),
    retainBytes: option("--retain-bytes", "8M"))
  exit(ok ? 0 : 1)
case "counted" where CommandLine.arguments.contains("--table"):
  // Every method at a small and a large session (issue 58).
  exit(CostTable.run(binary: galleryBinary(), largeEvents: Int(option("--large-events", ""))) ? 0 : 1)
case "counted":
  // Issue 44's measures: K, K10k and R in counted instructions (callgrind).
  let ok = Counted.run(
    binary: galleryBinary(), photos: Int(option("--photos", "10000"))!,
    events: Int(option("--events", "100000"))!)
  exit(ok ? 0 : 1)
case "albums-search":
  try AlbumSearchBench.run(
    binary: galleryBinary(), albums: Int(option("--albums", "60000"))!,
    counted: CommandLine.arguments.contains("--counted"))
case "memory":
  let photos = Int(option("--photos", "100000"))!
  print("memory: resident size with \(photos) photos in the feed, against the idle server")
  Memory.run(binary: galleryBinary(), photos: photos)
default:
  print(
    """
    usage: gallery-bench log-append [--events N] [--fsync-events N] [--dir D]
           gallery-bench round-trip [--requests N] [--photos N] [--binary PATH]
           gallery-bench pipeline [--requests N] [--dir D]
           gallery-bench replay [--events N] [--dir D]
           gallery-bench rerun [--events N] [--keep]
           gallery-bench write-log [--events N] [--out PATH]
           gallery-bench state-at [--events N] [--seqs N] [--dir D]
           gallery-bench components
           gallery-bench counted [--photos N] [--events N] [--binary PATH]   (needs valgrind)
           gallery-bench counted --table [--large-events N] [--binary PATH]   (every method, small and large)
           gallery-bench albums-search [--albums N] [--counted] [--binary PATH]
           gallery-bench memory [--photos N]
           gallery-bench store-memory [--photos N]
           gallery-bench http-memory [--requests N] [--bytes B]
           gallery-bench soak [--minutes M] [--rate R] [--sample-seconds S] [--hostile [--small-bodies] [--retain-bytes 8M]]
           gallery-bench echolog FILE   (round-trip's baseline child: read, log write, answer write)
    """)
}
