/// What the albums' state types cannot say in Swift, published in their schema.
extension AlbumCard: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] { ["id": Schema.atLeast(0)] }
}

extension AlbumSection: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["albumIds": .object(["items": Schema.atLeast(0)])]
  }
}

extension AlbumPhoto: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["id": Schema.atLeast(0), "albumID": Schema.atLeast(0)]
  }
}

extension OpenAlbum: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] { ["id": Schema.atLeast(0)] }
}

extension AlbumCards: SchemaDescribed {
  /// An object of cards keyed by each card's id, in decimal.
  public static func schema(in recorder: SchemaRecorder) -> JSONValue {
    .object([
      "type": .string("object"),
      "propertyNames": .object(["type": .string("string"), "pattern": .string("^(0|[1-9][0-9]*)$")]),
      "additionalProperties": recorder.schema(of: AlbumCard.self),
    ])
  }
  public static var schemaSample: AlbumCards { [] }
}
