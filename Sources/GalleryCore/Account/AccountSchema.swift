/// What the account's state types cannot say in Swift, published in their schema.
extension AccountState: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["accountID": Schema.atLeast(0), "tokenLifetime": Schema.atLeast(1), "imagesPage": Schema.atLeast(0)]
  }
}

extension AccountState.Upload: SchemaRefined {
  /// The upload's progress is a fraction.
  public static var schemaRefinements: [String: JSONValue] {
    ["progress": Schema.bounds(minimum: 0, maximum: 1)]
  }
}

extension AccountState.PendingDelete: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] { ["index": Schema.atLeast(0)] }
}

extension AccountImage: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] {
    ["width": Schema.atLeast(0), "height": Schema.atLeast(0)]
  }
}

extension AccountProviderInfo: SchemaRefined {
  /// The provider is one of the account's choices.
  public static var schemaRefinements: [String: JSONValue] {
    ["name": Schema.oneOf(ProviderChoices.choice("account")?.names ?? [])]
  }
}

extension UploadFile: SchemaRefined {
  /// An empty file is refused before it is staged.
  public static var schemaRefinements: [String: JSONValue] { ["byteCount": Schema.atLeast(1)] }
}
