/// What the video's state types cannot say in Swift, published in their schema.
extension Video: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] { ["duration": Schema.atLeast(0)] }
}

extension VideoFile: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["width": Schema.atLeast(0), "height": Schema.atLeast(0)]
  }
}

extension VideoWish: SchemaRefined {
  /// A screen is at least a pixel; the quality is one the providers name.
  public static var schemaRefinements: [String: JSONValue] {
    ["width": Schema.atLeast(1), "height": Schema.atLeast(1), "quality": Schema.oneOf(VideoWish.qualities)]
  }
}
