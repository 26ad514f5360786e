import Foundation
import GalleryTesting
import JSON
import XCTest

@testable import EventStore

final class FormatTests: XCTestCase {
  func testCRC32CKnownValues() {
    XCTAssertEqual(CRC32C.checksum(Array("123456789".utf8)), 0xE306_9283)
    XCTAssertEqual(CRC32C.checksum([UInt8]()), 0)
    let long = (0..<1000).map { UInt8($0 % 251) }
    let split = CRC32C.checksum(long[500...], continuing: CRC32C.checksum(long[..<500]))
    XCTAssertEqual(split, CRC32C.checksum(long))
  }

  /// The CPU's instruction and the portable code agree at every length and alignment, from
  /// any starting value (and both give the known answers above).
  func testTheHardwareChecksumEqualsThePortableOne() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<4096).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    bytes.withUnsafeBytes { all in
      for offset in 0..<8 {
        for length in Array(0...70) + [255, 256, 1000, 4000] {
          let slice = UnsafeRawBufferPointer(rebasing: all[offset..<(offset + length)])
          for start: UInt32 in [0, 0xFFFF_FFFF, 0x1234_5678] {
            XCTAssertEqual(
              CRC32C.checksum(slice, continuing: start), CRC32C.portableChecksum(slice, continuing: start),
              "offset \(offset), length \(length), from \(start)")
          }
        }
      }
    }
    XCTAssertEqual(
      Array("123456789".utf8).withUnsafeBytes { CRC32C.portableChecksum($0) }, 0xE306_9283,
      "the reference itself")
    print("CRC32C: hardware \(CRC32C.usesHardware)")
  }

  func testTimestampsRoundTrip() {
    XCTAssertEqual(ISOTime.format(millis: 0), "1970-01-01T00:00:00.000Z")
    XCTAssertEqual(ISOTime.format(millis: 1_795_000_000_123), "2026-11-18T11:06:40.123Z")
    for ms: Int64 in [0, 1, 951_782_400_000, 1_795_000_000_123, 4_102_444_799_999] {
      XCTAssertEqual(ISOTime.parse(Array(ISOTime.format(millis: ms).utf8)), ms)
    }
    XCTAssertNil(ISOTime.parse(Array("2026-11-18T08:26:40Z".utf8)))
    XCTAssertNil(ISOTime.parse(Array("2026-13-18T08:26:40.123Z".utf8)))
  }

  /// The envelope as the writer lays it out is read by place (`WrittenEnvelope`); anything
  /// else is left to the general reading, so both give the same record for every line.
  func testTheWrittenLayoutReadsAsTheGeneralReadingDoes() throws {
    var lines: [String] = []
    for (seq, more, type) in [
      (1, 0, "auth.fieldEdited"), (9_007_199_254_740_991, 3, "a"), (42, 0, "x.y-z/1:2_3"),
    ] {
      var out: [UInt8] = []
      EventLine.encode(
        EventRecord(
          seq: UInt64(seq), timeMillis: 1_795_000_000_123, type: type, version: 1, batchRemaining: more,
          data: Array(#"{"a":"é\n","b":[1,{}]}"#.utf8)),
        into: &out)
      lines.append(String(decoding: out.dropLast(19), as: UTF8.self))
    }
    let line = lines[0]
    func with(_ old: String, _ new: String) -> String { line.replacingOccurrences(of: old, with: new) }
    let type = #""type":"auth.fieldEdited""#
    let variants = [
      line, lines[1], lines[2], with(#""v":1,"#, #""v":1,"more":0,"#),
      with(#""seq":1,"#, #""seq":0,"#), with(#""seq":1,"#, #""seq":01,"#),
      with(#""seq":1,"#, #""seq":9007199254740992,"#), with(#""seq":1,"#, #""seq":12345678901234567890,"#),
      with(#""seq":1,"#, #""seq": 1,"#), with(#""v":1,"#, #""v":1,"more":2147483648,"#),
      with(#""v":1,"#, #""v":1.0,"#), with(#""v":1,"#, #""v":1,"later":true,"#),
      with(type, #""type":"auth\u002efieldEdited""#), with(type, #""type":"""#), with(type, #""type":"é""#),
      with(type, #""type":""# + String(repeating: "t", count: 129) + "\""),
      with(".123Z", ".12xZ"), with(".123Z", ".123"), with("T11:", "T25:"),
      line + " ", line.dropLast() + #"},"x":1}"#, String(line.dropLast()), with(#""data":{"#, #""data":["#),
      with(#"{"seq":1,"time""#, #"{"time""#),
    ]
    var fast = 0
    for text in variants {
      for checking in [true, false] {
        Array(text.utf8).withUnsafeBytes { body in
          var memory = EnvelopeMemory()
          if let written = WrittenEnvelope.read(body, checkingData: checking, memory: &memory) {
            fast += 1
            XCTAssertEqual(written, EventLine.readGenerally(body, checkingData: checking), text)
          }
        }
      }
    }
    // The writer's lines (and `more` 0, which it never writes) both ways; a member after the data
    // only unchecked, where both readings take the data as the rest of the line.
    XCTAssertEqual(fast, 2 * 4 + 1, "the written layout is read by place")
  }

  /// A cursor keeps one memory across its lines: a type read before is taken by its bytes
  /// without a scan, but only where those bytes and a closing quote stand whole, and only
  /// for a name the layout's own scan checked (a name the general reading unescaped may hold
  /// a quote, which must never end a name here).
  func testOneMemoryAcrossLinesReadsAsTheGeneralReadingDoes() throws {
    func body(_ type: String) -> String {
      // A line's body: the checksum and the envelope's closing brace cut off.
      #"{"seq":1,"time":"2026-11-18T11:06:40.123Z","type":"\#(type)","v":1,"data":{"k":1}"#
    }
    let sequence = [
      body("auth.fieldEdited"), body("auth.fieldEdited"), body("auth.fieldEditedX"), body("auth.fieldEdite"),
      body("auth.fieldEdited"), body(#"a\"b"#), body(#"a"b"#), body("a"), body(#"a"b"#), body("é"), body("é"),
      body("auth.fieldEdited") + "x",
    ]
    var memory = EnvelopeMemory()
    var fast = 0
    for text in sequence {
      Array(text.utf8).withUnsafeBytes { raw in
        let general = EventLine.readGenerally(raw, checkingData: true)
        if let written = WrittenEnvelope.read(raw, checkingData: true, memory: &memory) {
          fast += 1
          XCTAssertEqual(written, general, text)
        } else {
          XCTAssertEqual(EventLine.readGenerally(raw, checkingData: true, memory: &memory), general, text)
        }
      }
    }
    XCTAssertEqual(fast, 6, "the plain names, again and again; never the quoted ones")
  }

  func testLineBytesAreExactAndReadableAsJSON() throws {
    var out: [UInt8] = []
    EventLine.encode(
      EventRecord(
        seq: 7, timeMillis: 1_795_000_000_123, type: "auth.emailEdited", version: 2,
        data: Array(#"{"a":"é\n"}"#.utf8)),
      into: &out)
    let text = String(decoding: out, as: UTF8.self)
    XCTAssertTrue(
      text.hasPrefix(
        #"{"seq":7,"time":"2026-11-18T11:06:40.123Z","type":"auth.emailEdited","v":2,"data":{"a":"é\n"},"crc":""#
      ))
    XCTAssertTrue(text.hasSuffix("\"}\n"))
    let object = try JSONSerialization.jsonObject(with: Data(out)) as! [String: Any]
    XCTAssertEqual(object["seq"] as? Int, 7)
    XCTAssertEqual((object["data"] as? [String: Any])?["a"] as? String, "é\n")
    XCTAssertEqual((object["crc"] as? String)?.count, 8)
    let decoded = try out.dropLast().withUnsafeBytes { try EventLine.decode($0) }
    XCTAssertEqual(decoded.seq, 7)
    XCTAssertEqual(decoded.version, 2)
    XCTAssertEqual(decoded.data, Array(#"{"a":"é\n"}"#.utf8))
  }

  /// `data` comes last, so replay may take it as the rest of the line unread; a member a later
  /// version adds before it is skipped, one after it makes the line malformed, in both reads.
  func testDataIsTheLastMemberAndTheUncheckedReadAgrees() throws {
    func line(_ body: String) -> [UInt8] {
      Array(body.utf8) + Array(#","crc":""#.utf8)
        + Array(String(format: "%08x", CRC32C.checksum(Array(body.utf8))).utf8) + Array(#""}"#.utf8)
    }
    let later = line(
      #"{"seq":3,"time":"2026-11-18T11:06:40.123Z","type":"t","v":1,"x":[1],"data":{"a":[1]} "#)
    for checking in [true, false] {
      let r = try later.withUnsafeBytes { try EventLine.decode($0, checkingData: checking) }
      XCTAssertEqual(r.data, Array(#"{"a":[1]}"#.utf8))
    }
    let after = line(#"{"seq":3,"time":"2026-11-18T11:06:40.123Z","type":"t","v":1,"data":{"a":1},"x":{}"#)
    XCTAssertThrowsError(try after.withUnsafeBytes { try EventLine.decode($0) }) { error in
      XCTAssertTrue(
        (error as? EventLine.Failure)?.reason.hasSuffix(#""data" is not the last member before "crc""#)
          == true, "\(error)")
    }
    // Member names and the time may be written with escapes; they mean what they spell.
    let spelled = line(
      #"{"s\u0065q":4,"tim\u0065":"2026-11-18T11:06:40.123\u005a","\u0074ype":"t","\u0076":2,"dat\u0061":{"a":2}"#
    )
    let plain = line(#"{"seq":4,"time":"2026-11-18T11:06:40.123Z","type":"t","v":2,"data":{"a":2}"#)
    let a = try spelled.withUnsafeBytes { try EventLine.decode($0) }
    let b = try plain.withUnsafeBytes { try EventLine.decode($0) }
    XCTAssertEqual(a, b)
    XCTAssertEqual([a.seq, UInt64(a.version)], [4, 2])
    // Unchecked, the data's own parser meets the trailing member (replay's error names it).
    let unchecked = try after.withUnsafeBytes { try EventLine.decode($0, checkingData: false) }
    XCTAssertEqual(unchecked.data, Array(#"{"a":1},"x":{}"#.utf8))
    XCTAssertThrowsError(
      try line(#"{"seq":3,"time":"2026-11-18T11:06:40.123Z","type":"t","v":1,"data":{"a":1},"x":2"#)
        .withUnsafeBytes {
          try EventLine.decode($0, checkingData: false)
        })
  }

  /// A cursor keeps each type's name and the last time's second from line to line; past the
  /// names it keeps (200 types here, in runs and alternating), across seconds, days and years,
  /// and for a name spelled with escapes, every type and time still reads as written, and a
  /// bad time in a remembered second is refused as before.
  func testACursorReadsEveryTypeAndTimeAsWrittenWhateverItKeeps() throws {
    let dir = TempDirectory()
    // Steps of 1 ms, 999 ms (the next second), a day and a year, in turn.
    let steps: [Int64] = [1, 999, 86_400_000, 31_536_000_000]
    let times = (0..<600).reduce(into: [Int64(1_795_000_000_000)]) { t, n in t.append(t.last! + steps[n % 4])
    }
    let clock = Locked(0)
    let log = try EventLog(
      path: dir.file("events.jsonl"),
      options: EventLogOptions(
        durability: .none,
        clock: {
          clock.mutate { $0 += 1 }
          return times[clock.value - 1]
        }))
    var types: [String] = []
    for n in 0..<600 {
      // Runs of three of one type, then 200 distinct types, then alternating two.
      let type = n < 300 ? "feed.imageLoaded\(n / 3 % 200)" : n % 2 == 0 ? "auth.fieldEdited" : "nav.back"
      types.append(type)
      try log.append([event(n, type: type)])
    }
    try log.close()
    func line(_ body: String) -> [UInt8] {
      Array(body.utf8) + Array(#","crc":""#.utf8)
        + Array(String(format: "%08x", CRC32C.checksum(Array(body.utf8))).utf8) + [34, 125, 10]
    }
    let start = readFile(dir.file("events.jsonl"))
    var lastTime: [UInt8] = []
    ISOTime.append(millis: times[599], to: &lastTime)
    let second = String(decoding: lastTime[0..<20], as: UTF8.self)  // yyyy-mm-ddThh:mm:ss.
    let escaped = line(#"{"seq":601,"time":"\#(second)999Z","type":"n\u0061v.back","v":1,"data":{"n":600}"#)
    writeFile(dir.file("events.jsonl"), start + escaped)
    for checking in [true, false] {
      let cursor = try LogCursor(path: dir.file("events.jsonl"))
      cursor.checksData = checking
      var read: [(String, Int64)] = []
      while let r = try cursor.next() { read.append((r.type, r.timeMillis)) }
      XCTAssertEqual(read.map(\.0), types + ["nav.back"])
      XCTAssertEqual(read.map(\.1), Array(times[0..<600]) + [times[599] / 1000 * 1000 + 999])
    }
    // A type far longer than the format allows (a hostile line) is damage, named by its size
    // and never repeated whole (it was read as a newer build's type).
    let long = String(repeating: "x", count: 100_000)
    let longLines = [602, 603].flatMap { n in
      line(#"{"seq":\#(n),"time":"\#(second)999Z","type":"\#(long)","v":1,"data":{}"#)
    }
    writeFile(dir.file("events.jsonl"), start + escaped + longLines)
    let reader = try LogCursor(path: dir.file("events.jsonl"))
    var lastTypes: [String] = []
    XCTAssertThrowsError(try { while let r = try reader.next() { lastTypes.append(r.type) } }()) { error in
      XCTAssertTrue("\(error)".contains(#""type" is 100000 bytes, past the format's 128"#), "\(error)")
      XCTAssertLessThan("\(error)".utf8.count, 1000, "the name is not repeated")
    }
    XCTAssertEqual(lastTypes.last, "nav.back")
    // The same second with a bad millisecond: refused as the full parse refuses it.
    let bad = line(#"{"seq":602,"time":"\#(second)9x9Z","type":"nav.back","v":1,"data":{"n":601}"#)
    writeFile(dir.file("events.jsonl"), start + escaped + bad + escaped)
    let cursor = try LogCursor(path: dir.file("events.jsonl"))
    XCTAssertThrowsError(try { while try cursor.next() != nil {} }()) { error in
      XCTAssertTrue("\(error)".contains(#""time" is not yyyy-mm-ddThh:mm:ss.sssZ"#), "\(error)")
    }
  }

  func testInvalidEventsAreRefusedWithTheReason() throws {
    let dir = TempDirectory()
    let log = try EventLog(path: dir.file("events.jsonl"))
    let bad: [(NewEvent, String)] = [
      (NewEvent(type: "", data: Array("{}".utf8)), "event type"),
      (NewEvent(type: "has space", data: Array("{}".utf8)), "event type"),
      (NewEvent(type: "t", data: Array("[1]".utf8)), "not a JSON object"),
      (NewEvent(type: "t", data: Array("{\"a\":1}x".utf8)), "bytes after"),
      (NewEvent(type: "t", data: Array("{\"a\":\n1}".utf8)), "line breaks"),
      (NewEvent(type: "t", data: Array("{\"a\":01}".utf8)), "leading zero"),
      (NewEvent(type: "t", data: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), "UTF-8"),
    ]
    for (e, expected) in bad {
      XCTAssertThrowsError(try log.append([event(1), e])) { error in
        XCTAssertTrue("\(error)".contains(expected), "\(error) should mention \(expected)")
      }
    }
    XCTAssertEqual(log.lastSeq, 0, "a refused batch writes nothing, not even its valid events")
    XCTAssertEqual(readFile(dir.file("events.jsonl")), [])
  }

  func testScannerAcceptsWhatJSONAllows() throws {
    let good = [
      #"{}"#, #"{"a":[1,-2.5e+3,true,false,null,"\u00e9\ud83d\ude00"],"b":{"c":{}}}"#, #"{ "a" : 0 }"#,
    ]
    for text in good {
      let bytes = Array(text.utf8)
      try bytes.withUnsafeBytes { raw in
        var s = JSONScanner(raw)
        try s.skipValue()
        XCTAssertTrue(s.atEnd, text)
      }
    }
    let bad = [
      #""uu\u?uu"#, #""\u12"#, #"{"a":"\u"#, #"{"a":}"#, #"{"a":1,}"#, #"{"a":"\x"}"#, #"{"a":1e}"#,
      #"{"a":tru}"#, #"{"a":"#, #"{a:1}"#,
    ]
    for text in bad {
      let bytes = Array(text.utf8)
      let failed = bytes.withUnsafeBytes { raw -> Bool in
        var s = JSONScanner(raw)
        do {
          try s.skipValue()
          return false
        } catch { return true }
      }
      XCTAssertTrue(failed, text)
    }
    let escaped = Array(#""a\"b\\c\u00e9\ud83d\ude00""#.utf8)
    try escaped.withUnsafeBytes { raw in
      var s = JSONScanner(raw)
      XCTAssertEqual(try s.readString(), "a\"b\\cé😀")
    }
  }
}
