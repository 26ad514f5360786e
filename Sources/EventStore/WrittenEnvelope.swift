import JSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line's envelope read in the one layout the writer gives it (`EventLine.encode`):
/// `{"seq":N,"time":"…","type":"…","v":N[,"more":N],"data":{…}` (the checksum already cut
/// off), each member at the place it always has, so no member is looked up by name.
///
/// Anything else (another order, whitespace, an escape, an unknown member, a value out of
/// range) is left to `EventLine`'s general reading, which accepts it or names the problem: so
/// this only has to be right about lines the writer wrote, and gives exactly what the general
/// reading gives for them (held equal by `EventLineTests`).
enum WrittenEnvelope {
  /// The record `body` holds, or nil where the general reading must decide.
  static func read(_ body: UnsafeRawBufferPointer, checkingData: Bool, memory: inout EnvelopeMemory)
    -> EventRecord?
  {
    var at = 0
    guard literal(#"{"seq":"#, body, &at), let seq = number(body, &at, digits: 16), seq > 0,
      seq <= EventLine.maxSeq,
      literal(#","time":""#, body, &at), at + 25 <= body.count, body[at + 24] == UInt8(ascii: "\""),
      let time = memory.time(UnsafeRawBufferPointer(rebasing: body[at..<(at + 24)]))
    else { return nil }
    at += 25
    guard literal(#","type":""#, body, &at), let type = name(body, &at, memory: &memory),
      literal(#","v":"#, body, &at), let version = number(body, &at, digits: 9)
    else { return nil }
    var more: UInt64 = 0
    if literal(#","more":"#, body, &at) {
      guard let n = number(body, &at, digits: 9), n <= UInt64(Int32.max) else { return nil }
      more = n
    }
    guard literal(#","data":"#, body, &at), at < body.count, body[at] == UInt8(ascii: "{"),
      body[body.count - 1] == UInt8(ascii: "}"), body.count - at >= 2
    else { return nil }
    let data = UnsafeRawBufferPointer(rebasing: body[at...])
    if checkingData {
      var s = JSONScanner(data)
      guard (try? s.skipValue()) != nil, s.atEnd else { return nil }
    }
    return EventRecord(
      seq: seq, timeMillis: time, type: type, version: Int(version), batchRemaining: Int(more),
      data: Array(data))
  }

  /// Passes `text` if the bytes at `at` are exactly it.
  @inline(__always)
  private static func literal(_ text: StaticString, _ body: UnsafeRawBufferPointer, _ at: inout Int) -> Bool {
    guard RawBytes.has(text, in: body, at: at) else { return false }
    at += text.utf8CodeUnitCount
    return true
  }

  /// A non-negative integer of at most `digits` digits, without a leading zero, followed by
  /// something other than a digit.
  private static func number(_ body: UnsafeRawBufferPointer, _ at: inout Int, digits: Int) -> UInt64? {
    let start = at
    var v: UInt64 = 0
    while at < body.count, at - start <= digits {
      let d = body[at] &- 0x30
      guard d < 10 else { break }
      v = v * 10 + UInt64(d)
      at += 1
    }
    let count = at - start
    guard count > 0, count <= digits, count == 1 || body[start] != 0x30 else { return nil }
    return v
  }

  /// The type's name up to its closing quote, if it is plain printable ASCII within the format's
  /// bound (the characters a type may have; anything else the general reading checks).
  private static func name(_ body: UnsafeRawBufferPointer, _ at: inout Int, memory: inout EnvelopeMemory)
    -> String?
  {
    // A name read before, standing here whole with its closing quote, is that name (it was
    // checked when first read); lines of one type come in runs, so the last is tried first.
    if let (known, length) = memory.plainName(at: body, at) {
      at += length + 1
      return known
    }
    let start = at
    while at < body.count, at - start <= EventLine.maxTypeLength {
      let b = body[at]
      if b == UInt8(ascii: "\"") { break }
      guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
      at += 1
    }
    guard at < body.count, at > start, at - start <= EventLine.maxTypeLength else { return nil }
    let name = memory.plainName(UnsafeRawBufferPointer(rebasing: body[start..<at]))
    at += 1
    return name
  }
}
