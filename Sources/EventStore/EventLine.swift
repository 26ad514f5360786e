import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text form of one event: a JSON object on one line whose last member is a CRC-32C of
/// every byte before it.
///
/// `{"seq":7,"time":"2026-11-22T04:15:57.123Z","type":"auth.emailEdited","v":1,"data":{...},"crc":"1a2b3c4d"}`
/// A batch of several events carries `"more":N` (lines of the batch still to come) so that
/// recovery can drop a batch that did not reach the disk whole.
public enum EventLine {
  /// A record's line length in bytes, give or take a few: its data and type plus the
  /// envelope (seq, time, version, batch, checksum). For size budgets, not for offsets.
  public static func approximateLength(of record: EventRecord) -> Int64 {
    Int64(record.data.count + record.type.utf8.count + 120)
  }

  /// Why a line could not be read.
  public struct Failure: Error, Equatable, Sendable {
    /// The line's checksum does not match its bytes.
    public var isChecksumMismatch: Bool
    public var reason: String
  }

  /// `,"crc":"` + 8 hex digits + `"}`.
  static let suffixLength = 18

  /// The largest seq a log holds: 2^53 − 1, the largest integer every JSON client reads
  /// exactly (a double). Every tool (opening, verify, replay, export, the inspector) refuses a
  /// line past it with the same message.
  public static let maxSeq: UInt64 = (1 << 53) - 1

  /// Why a seq past `maxSeq` is refused.
  public static let seqTooLarge = "\"seq\" is past 2^53 - 1, the largest a JSON client reads exactly"

  /// Largest accepted event type name, in bytes.
  public static let maxTypeLength = 128

  /// The type of a retention base: the first line of a log whose older events were dropped,
  /// carrying the state they had built, at the seq of the last event dropped. Only the first
  /// line may have it, and only it may start a log at a seq other than 1.
  public static let baseType = "log.base"

  /// Appends the line (with its `\n`) for one event to `out`: its size is counted first, and
  /// each part is written in place (one growth of `out`, no append per part).
  public static func encode(_ r: EventRecord, into out: inout [UInt8]) {
    var type = r.type
    type.withUTF8 { typeBytes in
      r.data.withUnsafeBytes { data in
        let more = r.batchRemaining > 0
        let body =
          7 + decimalCount(r.seq) + 9 + 24 + 10 + typeBytes.count + 6 + decimalCount(UInt64(r.version))
          + (more ? 8 + decimalCount(UInt64(r.batchRemaining)) : 0) + 8 + data.count
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: body + suffixLength + 1))
        out.withUnsafeMutableBytes { buffer in
          var line = LineBytes(at: buffer.baseAddress! + start)
          line.raw(#"{"seq":"#)
          line.decimal(r.seq)
          line.raw(#","time":""#)
          ISOTime.write(millis: r.timeMillis, to: line.at)
          line.at += 24
          line.raw(#"","type":""#)
          line.bytes(UnsafeRawBufferPointer(typeBytes))
          line.raw(#"","v":"#)
          line.decimal(UInt64(r.version))
          if more {
            line.raw(#","more":"#)
            line.decimal(UInt64(r.batchRemaining))
          }
          line.raw(#","data":"#)
          line.bytes(data)
          let crc = CRC32C.checksum(UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: body))
          line.raw(#","crc":""#)
          for shift in stride(from: 28, through: 0, by: -4) {
            let nibble = UInt8((crc >> UInt32(shift)) & 0xF)
            line.byte(nibble < 10 ? 0x30 + nibble : 0x57 + nibble)
          }
          line.raw("\"}\n")
          assert(
            line.at == buffer.baseAddress! + start + body + suffixLength + 1, "the line's size was miscounted"
          )
        }
      }
    }
  }

  /// The digits `appendDecimal` writes for `v`.
  static func decimalCount(_ v: UInt64) -> Int {
    var n = 1
    var x = v
    while x >= 10 {
      x /= 10
      n += 1
    }
    return n
  }

  /// Writes a line's parts one after another into memory counted for them.
  private struct LineBytes {
    var at: UnsafeMutableRawPointer

    mutating func raw(_ text: StaticString) {
      at.copyMemory(from: text.utf8Start, byteCount: text.utf8CodeUnitCount)
      at += text.utf8CodeUnitCount
    }

    mutating func bytes(_ bytes: UnsafeRawBufferPointer) {
      if let base = bytes.baseAddress { at.copyMemory(from: base, byteCount: bytes.count) }
      at += bytes.count
    }

    mutating func byte(_ b: UInt8) {
      at.storeBytes(of: b, as: UInt8.self)
      at += 1
    }

    /// `v` in decimal, as `appendDecimal` writes it.
    mutating func decimal(_ v: UInt64) {
      let count = EventLine.decimalCount(v)
      var x = v
      for k in stride(from: count - 1, through: 0, by: -1) {
        at.storeBytes(of: UInt8(0x30 + x % 10), toByteOffset: k, as: UInt8.self)
        x /= 10
      }
      at += count
    }
  }

  /// The checksum written in a line (without its `\n`), if the line has a well-formed suffix.
  public static func storedChecksum(_ line: UnsafeRawBufferPointer) -> UInt32? {
    let n = line.count
    guard n > suffixLength else { return nil }
    let s = n - suffixLength
    let head: StaticString = #","crc":""#
    guard memcmp(line.baseAddress! + s, head.utf8Start, head.utf8CodeUnitCount) == 0,
      line[n - 2] == UInt8(ascii: "\""), line[n - 1] == UInt8(ascii: "}")
    else { return nil }
    var crc: UInt32 = 0
    for k in 0..<8 {
      // Only the lowercase digits the writer produces are accepted, so each byte has one form.
      let c = line[s + 8 + k]
      let v: UInt8
      if c &- 0x30 < 10 {
        v = c &- 0x30
      } else if c &- 0x61 < 6 {
        v = c &- 0x57
      } else {
        return nil
      }
      crc = crc << 4 | UInt32(v)
    }
    return crc
  }

  /// Decodes and checks one line (without its `\n`). With `checkingData` false the data
  /// object is taken as the rest of the line unread, for a reader that parses it anyway (the
  /// checksum still covers every byte).
  public static func decode(_ line: UnsafeRawBufferPointer, checkingData: Bool = true) throws(Failure)
    -> EventRecord
  {
    var memory = EnvelopeMemory()
    return try decode(line, checkingData: checkingData, memory: &memory)
  }

  /// `decode` for a reader of many lines, reusing what the lines before left in `memory`.
  static func decode(
    _ line: UnsafeRawBufferPointer, checkingData: Bool, memory: inout EnvelopeMemory
  ) throws(Failure) -> EventRecord {
    guard let stored = storedChecksum(line) else {
      throw Failure(isChecksumMismatch: false, reason: "line does not end with a \"crc\" member")
    }
    let body = UnsafeRawBufferPointer(rebasing: line[0..<(line.count - suffixLength)])
    let actual = CRC32C.checksum(body)
    guard actual == stored else {
      throw Failure(
        isChecksumMismatch: true, reason: "checksum mismatch (stored \(hex(stored)), computed \(hex(actual)))"
      )
    }
    if let record = WrittenEnvelope.read(body, checkingData: checkingData, memory: &memory) { return record }
    do {
      return try parseBody(body, checkingData: checkingData, memory: &memory)
    } catch {
      throw Failure(
        isChecksumMismatch: false, reason: "malformed JSON at byte \(error.offset): \(error.reason)")
    }
  }

  /// The seq of a whole line, as every reader judges it: from its first bytes when it starts as
  /// the writer writes (`{"seq":N`), else from the line read generally, so a line `verify` and
  /// replay take (any member order, any spacing) is found by seq too; nil when it does not read.
  public static func seq(of line: UnsafeRawBufferPointer) -> UInt64? {
    peekSeq(line) ?? (try? decode(line, checkingData: false))?.seq
  }

  /// What to do when a log's `log.base` does not read on this build (no line can stand in for
  /// it, so `repair --set-aside-unreadable` refuses it): said by `serve`, `repair` and the refusal.
  public static let unreadableBaseWayOut =
    "The way on: keep the whole data directory for a build that reads it (mv DIR DIR.kept) and start with a fresh one (gallery-rpc --data-dir DIR); `gallery-rpc verify` and `replay` of the kept log work on such a build"

  /// Reads only the leading `{"seq":N` of a line; used to search a log by seq cheaply.
  public static func peekSeq(_ line: UnsafeRawBufferPointer) -> UInt64? {
    let head = #"{"seq":"#.utf8
    guard line.count > head.count else { return nil }
    for (k, b) in head.enumerated() where line[k] != b { return nil }
    var scanner = JSONScanner(line, index: head.count)
    guard let seq = try? scanner.readUInt(), seq <= maxSeq else { return nil }
    return seq
  }

  /// The general reading of a line's body (the checksum cut off), for a test that holds the
  /// written layout's reading (`WrittenEnvelope`) equal to it.
  static func readGenerally(_ body: UnsafeRawBufferPointer, checkingData: Bool) -> EventRecord? {
    var memory = EnvelopeMemory()
    return readGenerally(body, checkingData: checkingData, memory: &memory)
  }

  /// `readGenerally` keeping what it reads in `memory`, as a cursor's reading of many lines does.
  static func readGenerally(_ body: UnsafeRawBufferPointer, checkingData: Bool, memory: inout EnvelopeMemory)
    -> EventRecord?
  {
    try? parseBody(body, checkingData: checkingData, memory: &memory)
  }

  private static func parseBody(
    _ body: UnsafeRawBufferPointer, checkingData: Bool, memory: inout EnvelopeMemory
  ) throws(JSONScanner.Failure) -> EventRecord {
    var s = JSONScanner(body)
    try s.expect(UInt8(ascii: "{"), "'{'")
    var seq: UInt64?
    var time: Int64?
    var type: String?
    var version: UInt64?
    var more: UInt64 = 0
    var data: [UInt8]?
    // The envelope's members given so far: one given twice is damage, named (readers that
    // took the first and ones that took the last would disagree about the line).
    var seen: Set<EnvelopeMember> = []
    repeat {
      // Members are told apart by their bytes: no string per key on every line of a replay,
      // and a known key as the writer puts it (`"seq":`) is matched without a scan.
      let member: EnvelopeMember
      if let plain = EnvelopeMember.plain(at: s.index, in: body) {
        member = plain.member
        s.index = plain.end
      } else {
        let (name, escapedName) = try s.scanString()
        member =
          escapedName
          ? EnvelopeMember(text: try s.text(of: name, escaped: true))
          : EnvelopeMember(UnsafeRawBufferPointer(rebasing: body[name]))
        try s.expect(UInt8(ascii: ":"), "':'")
      }
      if member != .other {
        guard seen.insert(member).inserted else {
          throw s.fail("\"\(member == .version ? "v" : "\(member)")\" is given twice")
        }
      }
      switch member {
      case .seq: seq = try s.readUInt()
      case .version: version = try s.readUInt()
      case .more: more = try s.readUInt()
      case .type:
        let (content, escaped) = try s.scanString()
        // A name past the format's bound is damage, named by its size (never repeated whole):
        // no build writes one, so it is not a newer build's type.
        guard content.count <= maxTypeLength * (escaped ? 6 : 1) else {
          throw s.fail("\"type\" is \(content.count) bytes, past the format's \(maxTypeLength)")
        }
        type =
          escaped
          ? try s.text(of: content, escaped: true)
          : memory.name(UnsafeRawBufferPointer(rebasing: body[content]))
        if escaped, let name = type, name.utf8.count > maxTypeLength {
          throw s.fail("\"type\" is \(name.utf8.count) bytes, past the format's \(maxTypeLength)")
        }
      case .time:
        let (content, escaped) = try s.scanString()
        let parsed =
          escaped
          ? ISOTime.parse(Array(try s.text(of: content, escaped: true).utf8))
          : memory.time(UnsafeRawBufferPointer(rebasing: body[content]))
        guard let parsed else { throw s.fail("\"time\" is not yyyy-mm-ddThh:mm:ss.sssZ") }
        time = parsed
      case .data:
        s.skipWhitespace()
        let start = s.index
        guard s.peek == UInt8(ascii: "{") else { throw s.fail("\"data\" is not an object") }
        var end: Int
        if checkingData {
          try s.skipValue()
          end = s.index
          s.skipWhitespace()
          guard s.atEnd else { throw s.fail("\"data\" is not the last member before \"crc\"") }
        } else {
          // `data` is the last member (the format says so): the object runs to the end of the
          // body. The reader that asked for no check parses it whole, so anything after the
          // object fails there, by name.
          end = body.count
          while end > start, JSONScanner.isWhitespace(body[end - 1]) { end -= 1 }
          guard end > start + 1, body[end - 1] == UInt8(ascii: "}") else {
            throw s.fail("\"data\" is not an object")
          }
          s.index = body.count
        }
        data = Array(body[start..<end])
      case .other:
        try s.skipValue()  // a member added by a later format version
      }
    } while s.consume(UInt8(ascii: ","))
    s.skipWhitespace()
    guard s.atEnd else { throw s.fail("unexpected bytes before the \"crc\" member") }
    // Seq 0 only for a base standing for nothing before seq 1 (a bundle exported from seq 1).
    guard let seq, seq > 0 || type == baseType else { throw s.fail("missing or zero \"seq\"") }
    guard seq <= maxSeq else { throw s.fail(seqTooLarge) }
    guard let time else { throw s.fail("missing \"time\"") }
    guard let type, !type.isEmpty else { throw s.fail("missing \"type\"") }
    guard let version, version <= UInt64(Int.max) else { throw s.fail("missing \"v\"") }
    guard let data else { throw s.fail("missing \"data\"") }
    guard more <= UInt64(Int32.max) else { throw s.fail("\"more\" out of range") }
    return EventRecord(
      seq: seq, timeMillis: time, type: type, version: Int(version), batchRemaining: Int(more), data: data)
  }

  /// Checks an event before it is written: a valid type name and compact object data.
  public static func validate(_ event: NewEvent) throws {
    var type = event.type
    let typeIsValid = type.withUTF8 { t in
      guard !t.isEmpty, t.count <= maxTypeLength else { return false }
      for b in t {
        let letter = (b | 0x20) &- 0x61 < 26
        guard
          letter || b &- 0x30 < 10 || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "-")
            || b == UInt8(ascii: "/") || b == UInt8(ascii: ":")
        else { return false }
      }
      return true
    }
    guard typeIsValid else {
      throw EventLogError.invalidEvent(
        "event type \(String(reflecting: event.type)) must be 1 to \(maxTypeLength) of A-Z a-z 0-9 . _ - / :")
    }
    guard event.version >= 0 else {
      throw EventLogError.invalidEvent("event \(event.type): negative schema version")
    }
    let lineBreak = event.data.withUnsafeBytes { raw in
      raw.count > 0
        && (memchr(raw.baseAddress!, 0x0A, raw.count) != nil
          || memchr(raw.baseAddress!, 0x0D, raw.count) != nil)
    }
    guard !lineBreak else {
      throw EventLogError.invalidEvent("event \(event.type): data must be compact JSON without line breaks")
    }
    // Data `JSONWriter` wrote from a typed value is well-formed by construction (`written`).
    if event.written { return }
    let result = event.data.withUnsafeBytes { raw -> JSONScanner.Failure? in
      var s = JSONScanner(raw)
      do {
        guard s.peek == UInt8(ascii: "{") else { throw s.fail("data is not a JSON object") }
        try s.skipValue()
        guard s.atEnd else { throw s.fail("bytes after the data object") }
        return nil
      } catch let failure as JSONScanner.Failure { return failure } catch {
        return JSONScanner.Failure(offset: 0, reason: "\(error)")
      }
    }
    if let result {
      throw EventLogError.invalidEvent(
        "event \(event.type): data is not one JSON object (byte \(result.offset): \(result.reason))")
    }
  }

  static func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
  }

  static func appendDecimal(_ v: UInt64, to out: inout [UInt8]) {
    if v < 10 {
      out.append(UInt8(0x30 + v))
      return
    }
    var tmp:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var n = 0
    var x = v
    withUnsafeMutableBytes(of: &tmp) { buf in
      while x > 0 {
        buf[n] = UInt8(0x30 + x % 10)
        x /= 10
        n += 1
      }
      for k in stride(from: n - 1, through: 0, by: -1) { out.append(buf[k]) }
    }
  }
}

/// A member of a line's envelope, named by its key's UTF-8.
private enum EnvelopeMember {
  case seq, version, more, type, time, data, other

  init(_ key: UnsafeRawBufferPointer) {
    func named(_ name: StaticString) -> Bool {
      key.count == name.utf8CodeUnitCount && memcmp(key.baseAddress!, name.utf8Start, key.count) == 0
    }
    switch key.count {
    case 1 where named("v"): self = .version
    case 3 where named("seq"): self = .seq
    case 4 where named("data"): self = .data
    case 4 where named("type"): self = .type
    case 4 where named("time"): self = .time
    case 4 where named("more"): self = .more
    default: self = .other
    }
  }

  /// The known member whose key starts at `i` exactly as the writer puts it (`"seq":`, no
  /// whitespace, no escape), and where its value starts; nil for anything else, which the
  /// scanner then reads in full.
  static func plain(at i: Int, in body: UnsafeRawBufferPointer) -> (member: EnvelopeMember, end: Int)? {
    guard i < body.count, body[i] == UInt8(ascii: "\"") else { return nil }
    // The longest known key has 4 bytes: its closing quote is at most 5 bytes on.
    var k = i + 1
    while k <= i + 5, k < body.count, body[k] != UInt8(ascii: "\"") { k += 1 }
    guard k <= i + 5, k + 1 < body.count, body[k] == UInt8(ascii: "\""), body[k + 1] == UInt8(ascii: ":")
    else { return nil }
    let member = EnvelopeMember(UnsafeRawBufferPointer(rebasing: body[(i + 1)..<k]))
    return member == .other ? nil : (member, k + 2)
  }

  /// A key written with escapes, once unescaped.
  init(text: String) {
    var text = text
    self = text.withUTF8 { EnvelopeMember(UnsafeRawBufferPointer($0)) }
  }
}
