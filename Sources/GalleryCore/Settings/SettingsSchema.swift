/// What the settings' types cannot say in Swift, published in their schema.
extension Settings: SchemaRefined {
  /// The limits `settings/update` accepts, and where the language came from.
  public static var schemaRefinements: [String: JSONValue] {
    [
      "pageSize": Schema.within(pageSizes), "prefetchDistance": Schema.within(prefetchDistances),
      "imageCacheMegabytes": Schema.within(imageCacheSizes), "languageSource": Schema.oneOf(languageSources),
    ]
  }
}

extension ProviderSettings: SchemaRefined {
  /// Each run-time area's member names one of its choices.
  public static var schemaRefinements: [String: JSONValue] {
    Dictionary(uniqueKeysWithValues: ProviderChoices.atRunTime.map { ($0.area, Schema.oneOf($0.names)) })
  }
}
