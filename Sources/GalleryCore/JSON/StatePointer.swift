/// Resolves a JSON Pointer into the state without encoding all of it: only the top-level
/// field it names (and, in the feed, the one item) is encoded, then the rest of the pointer
/// is resolved in that part. Answers exactly what `JSONPointer.resolve` over the whole
/// encoded state does (a test holds them equal); a `state/get` for `/feed/page` with 100,000
/// photos in the feed no longer encodes 100,000 photos.
extension AppState {
  public func value(at pointer: String) throws -> JSONValue {
    let tokens = try JSONPointer.tokens(pointer)
    guard let first = tokens.first, let encode = Self.fields[first] else {
      return try JSONPointer.resolve(pointer, in: try JSONValue(encoding: self))
    }
    var rest = Array(tokens.dropFirst())
    let part: JSONValue
    if first == "feed", rest.first == "items", rest.count >= 2, let i = Int(rest[1]), rest[1] == String(i),
      feed.items.indices.contains(i)
    {
      part = try JSONValue(encoding: feed.items[i])
      rest = Array(rest.dropFirst(2))
    } else if first == "feed", let second = rest.first, let field = Self.feedFields[second] {
      part = try field(feed)
      rest = Array(rest.dropFirst())
    } else {
      part = try encode(self)
    }
    do {
      return try JSONPointer.resolve(rest.map { "/" + JSONPointer.escape($0) }.joined(), in: part)
    } catch {
      // Report the failure for the whole pointer, as a resolution over the whole state would.
      return try JSONPointer.resolve(pointer, in: try JSONValue(encoding: self))
    }
  }

  private static let fields: [String: @Sendable (AppState) throws -> JSONValue] = [
    "route": { try JSONValue(encoding: $0.route) }, "login": { try JSONValue(encoding: $0.login) },
    "registration": { try JSONValue(encoding: $0.registration) },
    "session": { try JSONValue(encoding: $0.session) },
    "feed": { try JSONValue(encoding: $0.feed) },
    "detail": { try JSONValue(encoding: Nullable(wrappedValue: $0.detail)) },
    "albums": { try JSONValue(encoding: $0.albums) },
    "album": { try JSONValue(encoding: Nullable(wrappedValue: $0.album)) },
    "photo": { try JSONValue(encoding: Nullable(wrappedValue: $0.photo)) },
    "account": { try JSONValue(encoding: $0.account) }, "video": { try JSONValue(encoding: $0.video) },
    "settings": { try JSONValue(encoding: $0.settings) },
    "connectivity": { try JSONValue(encoding: $0.connectivity) },
    "nextRequestID": { try JSONValue(encoding: $0.nextRequestID) },
  ]

  /// The feed's fields besides `items`, so `/feed/page` does not encode the photos.
  private static let feedFields: [String: @Sendable (FeedState) throws -> JSONValue] = [
    "provider": { try JSONValue(encoding: $0.provider) }, "query": { try JSONValue(encoding: $0.query) },
    "activeQuery": { try JSONValue(encoding: $0.activeQuery) },
    "status": { try JSONValue(encoding: $0.status) },
    "page": { try JSONValue(encoding: $0.page) }, "hasMore": { try JSONValue(encoding: $0.hasMore) },
    "error": { try JSONValue(encoding: Nullable(wrappedValue: $0.error)) },
    "emptyNotice": { try JSONValue(encoding: Nullable(wrappedValue: $0.emptyNotice)) },
    "isOfflineCopy": { try JSONValue(encoding: $0.isOfflineCopy) },
    "perPage": { try JSONValue(encoding: $0.perPage) },
    "pendingLoad": { try JSONValue(encoding: Nullable(wrappedValue: $0.pendingLoad)) },
    "debounceTimer": { try JSONValue(encoding: Nullable(wrappedValue: $0.debounceTimer)) },
  ]
}
