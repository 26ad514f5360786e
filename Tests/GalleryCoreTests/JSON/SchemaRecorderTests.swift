import XCTest

@testable import GalleryCore

/// The published schema is read off the types' own `Codable` declarations: what a member's
/// type is, whether it is always there, null or absent when empty, and what the view omits.
final class SchemaRecorderTests: XCTestCase {
  struct Note: Codable, Equatable {
    var text: String
    /// Written as null when empty.
    @Nullable var author: String?
    /// Left out when empty (the synthesized encoding's `encodeIfPresent`).
    var tag: String?
  }

  enum Mood: String, Codable, CaseIterable { case calm, busy }

  /// Reads an older member (`cards`) it never writes, as a state upgraded in place does.
  struct Shelf: Codable, Equatable {
    var ids: [Int]
    private enum Keys: String, CodingKey { case ids, cards }
    init(ids: [Int]) { self.ids = ids }
    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: Keys.self)
      if let cards = try c.decodeIfPresent([Note].self, forKey: .cards) {
        ids = cards.indices.map { $0 }
      } else {
        ids = try c.decode([Int].self, forKey: .ids)
      }
    }
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(ids, forKey: .ids)
    }
  }

  struct Desk: Codable, Equatable {
    var notes: [Note]
    var byName: [String: Note]
    var mood: Mood
    var shelf: Shelf
    @Nullable var open: Note?
    var count: Int
    /// Bookkeeping the view leaves out.
    @CoreOnly var requestID: Int
  }

  func testMembersTheirTypesAndWhetherTheyAreAlwaysThere() {
    let recorder = SchemaRecorder()
    XCTAssertEqual(recorder.schema(of: Desk.self), Schema.ref("SchemaRecorderTestsDesk"))
    XCTAssertEqual(recorder.hiddenMembers, ["requestID"])
    XCTAssertEqual(
      recorder.components["SchemaRecorderTestsNote"],
      Schema.object(
        ["text": Schema.string, "author": Schema.nullable(Schema.string), "tag": Schema.string],
        optional: ["tag"]))
    XCTAssertEqual(
      recorder.components["SchemaRecorderTestsDesk"],
      Schema.object([
        "notes": Schema.array(Schema.ref("SchemaRecorderTestsNote")),
        "byName": .object([
          "type": .string("object"), "additionalProperties": Schema.ref("SchemaRecorderTestsNote"),
        ]),
        "mood": Schema.enumeration(["calm", "busy"]),
        "shelf": Schema.ref("SchemaRecorderTestsShelf"),
        "open": Schema.nullable(Schema.ref("SchemaRecorderTestsNote")),
        "count": Schema.integer(),
      ]))
    // `cards` is read for old states only: never written, so never published.
    XCTAssertEqual(
      recorder.components["SchemaRecorderTestsShelf"], Schema.object(["ids": Schema.array(Schema.integer())]))
  }

  struct Counted: Codable, Equatable, SchemaRefined {
    @Nullable var size: Int?
    var page: Int
    static var schemaRefinements: [String: JSONValue] {
      ["size": Schema.atLeast(1), "page": Schema.within(0...9)]
    }
  }

  func testRefinementsMergeIntoTheDerivedMemberThroughNull() {
    let recorder = SchemaRecorder()
    _ = recorder.schema(of: Counted.self)
    XCTAssertEqual(
      recorder.components["SchemaRecorderTestsCounted"],
      Schema.object([
        "size": Schema.nullable(Schema.integer(minimum: 1)), "page": Schema.integer(minimum: 0, maximum: 9),
      ]))
  }

  struct Misnamed: Codable, SchemaRefined {
    var page: Int
    static var schemaRefinements: [String: JSONValue] { ["pages": Schema.atLeast(0)] }
  }

  /// Writes a member it never reads: a schema from its decoding would leave it out.
  struct WriteOnly: Codable {
    var a: Int
    init(from decoder: any Decoder) throws {
      a = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .a)
    }
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: Keys.self)
      try c.encode(a, forKey: .a)
      try c.encode(a * 2, forKey: .b)
    }
    private enum Keys: String, CodingKey { case a, b }
  }

  func testADeclarationItCannotReadIsAnErrorNamingIt() {
    XCTAssertThrowsError(try SchemaRecorder().read(Misnamed.self)) {
      XCTAssertTrue("\($0)".contains("refines pages, which it does not have"), "\($0)")
    }
    XCTAssertThrowsError(try SchemaRecorder().read(WriteOnly.self)) {
      XCTAssertTrue("\($0)".contains("writes b but never reads it"), "\($0)")
    }
  }

  /// The real state: every member a client sees is published, its `@CoreOnly` bookkeeping is
  /// not, and the names are the types' (`AccountState.Upload` → `AccountUpload`).
  func testTheAppStateSchemaHasEveryViewMemberAndNoBookkeeping() throws {
    let recorder = SchemaRecorder()
    XCTAssertEqual(recorder.schema(of: AppState.self), Schema.ref("State"))
    XCTAssertEqual(
      recorder.hiddenMembers,
      [
        "nextRequestID", "requestID", "imagesRequestID", "pendingLoad", "debounceTimer", "offlineCopy",
        "pending", "listPageSize",
        "owner", "others",
      ])
    guard case .object(let state)? = recorder.components["State"],
      case .object(let properties)? = state["properties"]
    else { return XCTFail("no State component") }
    let view = try XCTUnwrap(AppState.view(AppState()).objectMembers)
    XCTAssertEqual(Set(properties.keys), Set(view.keys))
    XCTAssertNil(properties["nextRequestID"])
    XCTAssertNotNil(recorder.components["AccountUpload"])
    for (name, component) in recorder.components {
      XCTAssertFalse("\(component)".contains("\"requestID\""), name)
      XCTAssertFalse("\(component)".contains("\"pending\""), name)
    }
  }
}

extension JSONValue {
  fileprivate var objectMembers: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }
}
