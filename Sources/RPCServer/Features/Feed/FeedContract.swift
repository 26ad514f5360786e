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

  /// Why `feed/loadMore` recorded nothing (the check its decide makes).
  static func loadMoreReason(_ feed: FeedState) -> String { feed.whyNoMore ?? "noMore" }
}
