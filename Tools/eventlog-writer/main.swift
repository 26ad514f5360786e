// eventlog-writer: test support for crash and lock tests.
//
//   eventlog-writer append LOG [--durability fsync|batch|none] [--count N] [--max-batch K] [--seed S]
//     appends batches of 1...K events (N events in all, or forever) and prints the last seq of
//     each batch on stdout once append has returned, so a test that kills it knows what was
//     promised durable.
//   eventlog-writer hold LOG
//     opens LOG for writing, prints "ready", and keeps it open until stdin closes.
import EventStore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("eventlog-writer: \(message)\n".utf8))
  exit(2)
}

func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  bytes.withUnsafeBytes { raw in _ = write(1, raw.baseAddress, raw.count) }
}

var args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 2 else { fail("usage: eventlog-writer append|hold LOG [options]") }
let command = args.removeFirst()
let path = args.removeFirst()
var durability = Durability.fsync
var count = Int.max
var maxBatch = 3
var seed: UInt64 = 1
while !args.isEmpty {
  let flag = args.removeFirst()
  guard let value = args.first else { fail("\(flag) needs a value") }
  args.removeFirst()
  switch flag {
  case "--durability":
    guard let d = Durability(value) else { fail("bad durability \(value)") }
    durability = d
  case "--count":
    guard let n = Int(value) else { fail("bad count \(value)") }
    count = n
  case "--max-batch":
    guard let n = Int(value) else { fail("bad max batch \(value)") }
    maxBatch = n
  case "--seed":
    guard let n = UInt64(value) else { fail("bad seed \(value)") }
    seed = n
  default: fail("unknown flag \(flag)")
  }
}

do {
  let log = try EventLog(path: path, options: EventLogOptions(durability: durability))
  switch command {
  case "hold":
    say("ready")
    while let _ = readLine() {}
  case "append":
    var rng = seed
    func next() -> UInt64 {
      rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return rng >> 33
    }
    var written = 0
    while written < count {
      let size = min(count - written, Int(next() % UInt64(max(1, maxBatch))) + 1)
      let events = (0..<size).map { i in
        let n = log.lastSeq + UInt64(i) + 1
        let pad = String(repeating: "x", count: Int(next() % 200))
        return NewEvent(type: "test.appended", data: Array(#"{"n":\#(n),"pad":"\#(pad)"}"#.utf8))
      }
      let records = try log.append(events)
      say(String(records.last!.seq))
      written += size
    }
    try log.close()
  default:
    fail("unknown command \(command)")
  }
} catch {
  fail("\(error)")
}
