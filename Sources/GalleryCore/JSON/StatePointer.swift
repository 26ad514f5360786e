/// Resolves a JSON Pointer into the state as clients see it (`AppState.view`: bookkeeping
/// left out) without encoding all of it: only the top-level
/// field it names (and, in the feed, the one item) is encoded, then the rest of the pointer
/// is resolved in that part. Answers exactly what `JSONPointer.resolve` over the whole
/// encoded state does (a test holds them equal); a `state/get` for `/feed/page` with 100,000
/// photos in the feed no longer encodes 100,000 photos.
extension AppState {
  public func value(at pointer: String) throws -> JSONValue {
    let tokens = try JSONPointer.tokens(pointer)
    guard let first = tokens.first, let encode = Self.fields[first] else {
      return try JSONPointer.resolve(pointer, in: try AppState.view(self))
    }
    var rest = Array(tokens.dropFirst())
    let part: JSONValue
    if first == "feed", rest.first == "items", rest.count >= 2, let i = Int(rest[1]), rest[1] == String(i),
      feed.items.indices.contains(i)
    {
      part = try AppState.view(feed.items[i])
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
      return try JSONPointer.resolve(pointer, in: try AppState.view(self))
    }
  }

  private static let fields: [String: @Sendable (AppState) throws -> JSONValue] = [
    "route": { try AppState.view($0.route) }, "login": { try AppState.view($0.login) },
    "registration": { try AppState.view($0.registration) },
    "session": { try AppState.view($0.session) },
    "feed": { try AppState.view($0.feed) },
    "detail": { try AppState.view(Nullable(wrappedValue: $0.detail)) },
    "albums": { try AppState.view($0.albums) },
    "album": { try AppState.view(Nullable(wrappedValue: $0.album)) },
    "photo": { try AppState.view(Nullable(wrappedValue: $0.photo)) },
    "account": { try AppState.view($0.account) }, "video": { try AppState.view($0.video) },
    "settings": { try AppState.view($0.settings) },
    "connectivity": { try AppState.view($0.connectivity) },
  ]

  /// The feed's fields besides `items`, so `/feed/page` does not encode the photos.
  private static let feedFields: [String: @Sendable (FeedState) throws -> JSONValue] = [
    "provider": { try AppState.view($0.provider) }, "query": { try AppState.view($0.query) },
    "activeQuery": { try AppState.view($0.activeQuery) },
    "status": { try AppState.view($0.status) },
    "page": { try AppState.view($0.page) }, "hasMore": { try AppState.view($0.hasMore) },
    "error": { try AppState.view(Nullable(wrappedValue: $0.error)) },
    "emptyNotice": { try AppState.view(Nullable(wrappedValue: $0.emptyNotice)) },
    "isOfflineCopy": { try AppState.view($0.isOfflineCopy) },
    "perPage": { try AppState.view($0.perPage) },
  ]
}
