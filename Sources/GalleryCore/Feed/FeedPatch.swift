/// The feed's part of a patch: fields one by one, the photos element by element; and the
/// pointers into it that need not encode every photo (`/feed/page`, `/feed/items/N`).
extension FeedState: StatePatchable {
  static func patch(_ a: FeedState, _ b: FeedState, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    // No whole compare first: each member compares itself (the list where its rows lie).
    try StatePatch.value(path + "/provider", a.provider, b.provider, &ops)
    try StatePatch.value(path + "/query", a.query, b.query, &ops)
    try StatePatch.value(path + "/activeQuery", a.activeQuery, b.activeQuery, &ops)
    try StatePatch.value(path + "/status", a.status, b.status, &ops)
    try StatePatch.list(path + "/items", a.items, b.items, &ops)
    try StatePatch.value(path + "/page", a.page, b.page, &ops)
    try StatePatch.value(path + "/hasMore", a.hasMore, b.hasMore, &ops)
    try StatePatch.nullable(path + "/error", a.error, b.error, &ops)
    try StatePatch.nullable(path + "/emptyNotice", a.emptyNotice, b.emptyNotice, &ops)
    try StatePatch.value(path + "/isOfflineCopy", a.isOfflineCopy, b.isOfflineCopy, &ops)
    try StatePatch.value(path + "/perPage", a.perPage, b.perPage, &ops)
  }

  func narrow(_ rest: ArraySlice<String>) throws -> (JSONValue, Int)? {
    guard let first = rest.first else { return nil }
    if first == "items", rest.count >= 2, let i = Int(rest[rest.startIndex + 1]),
      rest[rest.startIndex + 1] == String(i), items.indices.contains(i)
    {
      return (try AppState.view(items[i]), 2)
    }
    return try Self.fields[first].map { (try $0(self), 1) }
  }

  /// The feed's fields besides `items`, so `/feed/page` does not encode the photos.
  private static let fields: [String: @Sendable (FeedState) throws -> JSONValue] = [
    "provider": { try AppState.view($0.provider) }, "query": { try AppState.view($0.query) },
    "activeQuery": { try AppState.view($0.activeQuery) }, "status": { try AppState.view($0.status) },
    "page": { try AppState.view($0.page) }, "hasMore": { try AppState.view($0.hasMore) },
    "error": { try AppState.view(Nullable(wrappedValue: $0.error)) },
    "emptyNotice": { try AppState.view(Nullable(wrappedValue: $0.emptyNotice)) },
    "isOfflineCopy": { try AppState.view($0.isOfflineCopy) }, "perPage": { try AppState.view($0.perPage) },
  ]
}

extension FeedFeature {
  /// `/feed`, the open photo (`/detail`) and `/connectivity`, which the feed follows.
  static let stateParts: [StatePart] = [
    .part("feed") { $0.$feed },
    .value("detail") { $0.$detail },
    .value("connectivity") { $0.connectivity },
  ]
}

extension FeedItem: StatePatchable {
  /// A row whose photo stayed (its thumbnail loading, failing, retried) patches its thumbnail
  /// alone; another row in its place is patched as a whole.
  static func patch(_ a: FeedItem, _ b: FeedItem, at path: String, _ ops: inout [JSONPatch.Operation]) throws
  {
    guard a.key == b.key, a.photo == b.photo else { return try StatePatch.value(path, a, b, &ops) }
    try StatePatch.value(StatePatch.path(path, "thumbnail"), a.thumbnail, b.thumbnail, &ops)
  }
}
