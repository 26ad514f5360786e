import GalleryCore

/// The photo feed: search, pages, the open photo's detail and connectivity.
enum FeedContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "feed/setQuery",
      "Search as the user types: the search starts 300 ms after the last change (the timer's firing is recorded).",
      params: [.init("text", Schema.string, "the search text; empty shows the provider's default list")]
    ) { p throws(RPCError) in .feed(.setQuery(try p.string("text"))) },
    .action("feed/refresh", "Reloads the first page (the list is replaced when it arrives).") { _ in
      .feed(.refresh)
    },
    .action(
      "feed/loadMore",
      "Appends the next page (after a failed page or refresh with items still shown: the one after the last that loaded, so it is also the retry). When it does nothing (no events), `reason` says why: `loading` (a load is in flight), `offlineCopy` (the offline copy has no pages), `noMore` (the provider has no more), `notLoaded` (no page is shown yet).",
      result: Schema.object(
        [
          "version": Schema.integer(minimum: 0),
          "events": Schema.array(
            Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
          "reason": Schema.enumeration(["loading", "offlineCopy", "noMore", "notLoaded"]),
        ], optional: ["reason"]),
      answer: { _, outcome, state in
        guard outcome.events.isEmpty else { return [:] }
        return ["reason": .string(loadMoreReason(state.feed))]
      }
    ) { _ in .feed(.loadMore) },
    .action(
      "feed/openDetail", "Opens a photo: pushes the detail route and loads the large image.",
      params: [.init("key", Schema.string, "the item key")]
    ) { p throws(RPCError) in .feed(.openDetail(try p.string("key"))) },
    .action("detail/close", "Closes the detail screen (cancels its image download).") { _ in
      .feed(.closeDetail)
    },
    .action(
      "connectivity/set",
      "Tells the core whether the device is online; coming back online refreshes the feed.",
      params: [.init("online", Schema.boolean, "true when the device has a connection")]
    ) { p throws(RPCError) in .feed(.setConnectivity(online: try p.bool("online"))) },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "feed/setQuery": ["feed.queryTooLong"],
    "feed/refresh": ["request.retryTooSoon"],
    "feed/loadMore": ["request.retryTooSoon"],
    "feed/openDetail": ["feed.unknownKey", "detail.alreadyOpen", "nav.notShown"],
    "detail/close": ["detail.notOpen"],
    "connectivity/set": [],
  ]

  static let schemas: [String: JSONValue] = [
    "Photo": Schema.object([
      "key": Schema.string, "providerID": Schema.string, "width": Schema.integer(minimum: 0),
      "height": Schema.integer(minimum: 0), "author": Schema.string,
      "authorURL": Schema.nullable(Schema.string),
      "tags": Schema.array(Schema.string), "likes": Schema.nullable(Schema.integer(minimum: 0)),
      "pageURL": Schema.string,
      "thumbnailURL": Schema.string, "largeURL": Schema.string, "originalURL": Schema.nullable(Schema.string),
      "averageColor": Schema.nullable(Schema.string),
      "alt": Schema.nullable(Schema.string),
    ]),
    "FeedItem": Schema.object([
      "key": Schema.string, "photo": Schema.ref("Photo"), "thumbnail": Schema.ref("Image"),
    ]),
    "Feed": Schema.object([
      "provider": Schema.enumeration(ProviderChoices.choice("feed")?.names ?? []), "query": Schema.string,
      "activeQuery": Schema.string,
      "status": Schema.enumeration(["idle", "loading", "refreshing", "loadingMore", "loaded", "failed"]),
      "items": Schema.array(Schema.ref("FeedItem")), "page": Schema.integer(minimum: 0),
      "hasMore": Schema.boolean,
      "error": Schema.nullableMessage, "emptyNotice": Schema.nullableMessage, "isOfflineCopy": Schema.boolean,
      "perPage": Schema.integer(minimum: 1),
    ]),
    "Detail": Schema.object([
      "key": Schema.string, "photo": Schema.ref("Photo"), "image": Schema.ref("Image"),
    ]),
  ]

  static let stateMembers: [String: JSONValue] = [
    "feed": Schema.ref("Feed"),
    "detail": Schema.nullable(Schema.ref("Detail")),
    "connectivity": Schema.enumeration(["online", "offline"]),
  ]

  /// Why `feed/loadMore` recorded nothing (the check its decide makes).
  static func loadMoreReason(_ feed: FeedState) -> String { feed.whyNoMore ?? "noMore" }
}
