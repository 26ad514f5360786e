/// What the feed's state types cannot say in Swift, published in their schema.
extension FeedState: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    [
      "page": Schema.atLeast(0), "perPage": Schema.atLeast(1),
      "provider": Schema.oneOf(ProviderChoices.choice("feed")?.names ?? []),
    ]
  }
}

extension Photo: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["width": Schema.atLeast(0), "height": Schema.atLeast(0), "likes": Schema.atLeast(0)]
  }
}
