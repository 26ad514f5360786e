import EventStore
import JSON

/// `events/appended`'s bytes, written straight from the log's records: each event's data goes
/// out as it was recorded (JSON already, checked, never parsed into a tree and written again),
/// so a catch-up over the whole retained log allocates its message and nothing per member.
/// The members are in `JSONWriter`'s order, each event's data as the log holds it (`events/read`
/// writes its events the same way).
enum EventsAppended {
  /// The whole notification for `records`.
  static func message(_ records: [EventRecord]) -> [UInt8] {
    var out = JSONOutput(capacity: 64 + records.reduce(0) { $0 + $1.data.count + 96 } + 3)
    out.append(#"{"jsonrpc":"2.0","method":"events/appended","params":{"events":["#)
    for (i, record) in records.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      write(record, to: &out)
    }
    out.append("]}}")
    return out.bytes
  }

  /// One event: `data`, `seq`, `time`, `type`, `v`; data that is not one JSON object (never
  /// written by this core) goes out as `{}`.
  static func write(_ record: EventRecord, to out: inout JSONOutput) {
    out.append(#"{"data":"#)
    if isObject(record.data) { out.append(contentsOf: record.data) } else { out.append("{}") }
    out.append(#","seq":"#)
    JSONWriter.writeInteger(Int64(clamping: record.seq), to: &out)
    out.append(#","time":"#)
    JSONWriter.writeString(record.timeText, to: &out)
    out.append(#","type":"#)
    JSONWriter.writeString(record.type, to: &out)
    out.append(#","v":"#)
    JSONWriter.writeInteger(Int64(record.version), to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// Whether `bytes` are exactly one JSON object (whitespace around it allowed).
  static func isObject(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var scanner = JSONScanner(raw)
      scanner.skipWhitespace()
      guard scanner.peek == UInt8(ascii: "{"), (try? scanner.skipValue()) != nil else { return false }
      scanner.skipWhitespace()
      return scanner.index == raw.count
    }
  }
}
