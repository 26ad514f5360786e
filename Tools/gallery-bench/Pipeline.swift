import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Row 5: pipelined `auth/setEmail` with `--durability fsync`, events/s, against SQLite
/// (WAL, synchronous=FULL) inserting one row per transaction with the same event bytes
/// (Python's sqlite3 module, run from here).
enum Pipeline {
  static func run(binary: String, requests: Int, dir: String) throws {
    let data = "\(dir)/gallery-bench-pipe-\(getpid())"
    try? FileManager.default.removeItem(atPath: data)
    defer { try? FileManager.default.removeItem(atPath: data) }
    let server = RoundTrip.Child([
      binary, "serve", "--data-dir", data, "--durability", "fsync", "--log-level", "error",
    ])
    server.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8) + [0x0A])
    _ = server.line()
    var all: [UInt8] = []
    for i in 0..<requests { all += RoundTrip.setEmail(i) }
    let bytes = all
    let input = server.input
    let start = RoundTrip.nowNanos()
    let writer = Thread {
      var done = 0
      while done < bytes.count {
        let n = bytes[done...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
        if n <= 0 { return }
        done += n
      }
    }
    writer.start()
    var answers = 0
    let answerPrefix = Array(#"{"id":"#.utf8)
    while answers < requests {
      if server.line().starts(with: answerPrefix) { answers += 1 }
    }
    let seconds = Double(RoundTrip.nowNanos() - start) / 1e9
    server.finish()
    let rate = Double(requests) / seconds
    print(
      String(
        format: "  gallery-rpc, pipelined, fsync       %10.0f events/s  (%d in %.2f s)", rate, requests,
        seconds))

    let sqlite = "\(dir)/gallery-bench-\(getpid()).sqlite"
    defer {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: sqlite + suffix) }
    }
    let script = """
      import sqlite3, time
      db = sqlite3.connect('\(sqlite)', isolation_level=None)
      db.execute('PRAGMA journal_mode=WAL'); db.execute('PRAGMA synchronous=FULL')
      db.execute('CREATE TABLE events (seq INTEGER PRIMARY KEY, line TEXT)')
      line = '{"seq":1,"time":"2026-11-22T04:15:57.123Z","type":"auth.fieldEdited","v":1,"data":{"field":"email","form":"login","value":"user1@mail.com"},"crc":"00000000"}'
      n = 3000
      start = time.perf_counter()
      for i in range(n):
          db.execute('BEGIN'); db.execute('INSERT INTO events (line) VALUES (?)', (line,)); db.execute('COMMIT')
      print(n / (time.perf_counter() - start))
      """
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", script]
    let out = Pipe()
    python.standardOutput = out
    try python.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    python.waitUntilExit()
    let baseline = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
    print(String(format: "  SQLite WAL, synchronous=FULL, 1 row/txn %6.0f events/s", baseline))
    print(String(format: "  ratio %.2f×", rate / baseline))
  }
}
