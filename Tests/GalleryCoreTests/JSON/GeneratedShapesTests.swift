import EventStore
import Foundation
import XCTest

@testable import GalleryCore

/// The readers and writers `Tools/shapes/generate.py` writes from each shape's declaration,
/// held to the Codable way for every event type the registry knows (the list is the
/// registry's, so a new event type is checked the day it is added), on samples derived from
/// each type's declaration and on every line the golden logs and recordings hold.
final class GeneratedShapesTests: XCTestCase {
  private static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every registered event type but the log's base (its data is the whole state, read the
  /// general way once a log: `// JSON shape: general`).
  static var generated: [any EventPayload.Type] {
    EventCodec.registered.filter { $0.type != EventLine.baseType }
  }

  /// Every event line this build wrote that the tests keep: the golden logs and the
  /// recordings (each re-recorded by `Tools/recordings/record.sh` when a shape changes).
  static func recordedLines() throws -> [(type: String, data: [UInt8])] {
    let files =
      try FileManager.default.contentsOfDirectory(atPath: tests.appendingPathComponent("Fixtures").path)
      .filter { $0.hasSuffix(".jsonl") }.map { "Fixtures/" + $0 }
      + FileManager.default.contentsOfDirectory(atPath: tests.appendingPathComponent("Recordings").path)
      .filter { $0.hasSuffix(".jsonl") }.map { "Recordings/" + $0 }
    XCTAssertGreaterThan(files.count, 3)
    var lines: [(String, [UInt8])] = []
    for file in files.sorted() {
      let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        guard case .object(let members) = try JSONParser.parse(Array(line.utf8)),
          case .string(let type)? = members["type"], type != EventLine.baseType, let data = members["data"]
        else { continue }
        lines.append((type, JSONWriter.bytes(data)))
      }
    }
    return lines
  }

  /// A sample of `T` as its declaration gives one (texts empty, numbers 0, the first case),
  /// with its optional members absent, and again with them present.
  private func declaredSamples<T: EventPayload>(_ type: T.Type) throws -> [T] {
    [
      try T(from: ShapeDecoder(recorder: SchemaRecorder())),
      try T(from: ShapeDecoder(recorder: SchemaRecorder(), optionalsPresent: true)),
    ]
  }

  func testEveryEventTypeReadsAndWritesItself() throws {
    for type in Self.generated {
      XCTAssertTrue(type is any JSONReadable.Type, "\(type.type) has a reader (run Tools/shapes/generate.py)")
      try assertWritesItself(type)
    }
  }

  private func assertWritesItself<T: EventPayload>(_ type: T.Type) throws {
    for sample in try declaredSamples(T.self) {
      var wrote = false
      let data = JSONOutput.bytes { wrote = sample.writeData(to: &$0) }
      XCTAssertTrue(wrote, "\(T.type) writes its own data")
      XCTAssertEqual(
        String(decoding: data, as: UTF8.self),
        String(decoding: try JSONValueEncoder().encodeBytes(sample), as: UTF8.self), T.type)
    }
  }

  /// For every registered type, on its declared samples and its recorded lines: the writer
  /// writes the encoder's bytes, and every variant of the text (members missing, null, of
  /// another kind, repeated, escaped, unknown, nested ones changed too) reads as the Codable
  /// way reads it, or is refused by both.
  func testEveryEventTypeReadsAndWritesAsTheCodableWay() throws {
    let recorded = Dictionary(grouping: try Self.recordedLines(), by: \.type)
    var checked = 0
    for type in Self.generated {
      checked += try assertSameAsCodable(type, recorded: recorded[type.type]?.prefix(4).map(\.data) ?? [])
    }
    XCTAssertGreaterThan(checked, Self.generated.count * 20)
  }

  private func assertSameAsCodable<T: EventPayload>(_ type: T.Type, recorded: [[UInt8]]) throws -> Int {
    var bases = try declaredSamples(T.self).map { try JSONValueEncoder().encode($0) }
    bases += try recorded.map { try JSONParser.parse($0) }
    var checked = 0
    for base in bases {
      let value = try JSONValueDecoder().decode(T.self, from: base)
      var wrote = false
      let written = JSONOutput.bytes { wrote = value.writeData(to: &$0) }
      XCTAssertTrue(wrote, T.type)
      XCTAssertEqual(written, try JSONValueEncoder().encodeBytes(value), T.type)
      for text in JSONVariants.of(base, nested: true) {
        let bytes = Array(text.utf8)
        let fast = try? JSONTapeDecoder().decode(T.self, from: bytes)
        let codable = try? JSONValueDecoder().decode(T.self, from: JSONParser.parse(bytes))
        XCTAssertEqual(fast, codable, "\(T.type): \(text)")
        checked += 1
      }
    }
    return checked
  }

  /// A line this build wrote is read by its type's fast reader, never left to the general
  /// decoder (a writer and a reader that disagree would only show as a slower replay).
  func testNoLineThisBuildWroteFallsBack() throws {
    let lines = try Self.recordedLines()
    XCTAssertGreaterThan(lines.count, 100)
    var types = Set<String>()
    for (type, data) in lines {
      let decoding = try XCTUnwrap(EventRegistry.app.decoders[type], type)
      let count = FallbackCount()
      _ = try decoding.type.decoded(
        from: data, version: decoding.type.version, knowing: TapeDecoding(decoding.type, counting: count))
      XCTAssertEqual(count.value, 0, "\(type) \(String(decoding: data, as: UTF8.self)) fell back")
      types.insert(type)
    }
    XCTAssertGreaterThan(types.count, 30, "the recordings cover most event types")
  }

  /// The count does count: a line the reader does not take (a member under an escaped name)
  /// is read the general way, the same event, and counted once.
  func testALineTheReaderDoesNotTakeIsCounted() throws {
    let count = FallbackCount()
    let known = TapeDecoding(AuthEvents.FieldEdited.self, counting: count)
    let plain = #"{"field":"email","form":"login","value":"a@b"}"#
    let escaped = #"{"\u0066ield":"email","form":"login","value":"a@b"}"#
    let read = try [plain, escaped].map {
      try JSONTapeDecoder().decode(AuthEvents.FieldEdited.self, from: Array($0.utf8), knowing: known)
    }
    XCTAssertEqual(read[0], read[1])
    XCTAssertEqual(count.value, 1)
  }
}
