import GalleryCore

/// The photo feed: search, pages, the open photo's detail and connectivity.
enum FeedContract: PreparesExamples {
  static let methods: [MethodSpec] = [
    .action(
      "feed/setQuery",
      "Search as the user types: the search starts 300 ms after the last change (the timer's firing is recorded).",
      .string("text", "the search text; empty shows the provider's default list"),
      refuses: ["feed.queryTooLong"]
    ) { text in .feed(.setQuery(text)) }.idempotent().example(["text": "tag1"]).countedLast(),
    .action(
      "feed/refresh", "Reloads the first page (the list is replaced when it arrives).",
      refuses: ["request.retryTooSoon"]
    ) { .feed(.refresh) }.example().countedLast(),
    .action(
      "feed/loadMore",
      "Appends the next page (after a failed page or refresh with items still shown: the one after the last that loaded, so it is also the retry). When it does nothing (no events), `reason` says why: `loading` (a load is in flight), `offlineCopy` (the offline copy has no pages), `noMore` (the provider has no more), `notLoaded` (no page is shown yet).",
      refuses: ["request.retryTooSoon"], answering: LoadMoreAnswer.self
    ) { _ in
      ActionCall(.feed(.loadMore)) { outcome, state in
        LoadMoreAnswer(reason: outcome.events.isEmpty ? state.feed.whyNoMore ?? .noMore : nil)
      }
    }.example(),
    .action(
      "feed/openDetail", "Opens a photo: pushes the detail route and loads the large image.",
      .string("key", "a key from /feed/items/N/key"),
      refuses: ["feed.unknownKey", "detail.alreadyOpen", "nav.notShown"]
    ) { key in .feed(.openDetail(key)) }
    .example(["key": .state("/feed/items/0/key")], after: [.call("detail/close")]),
    .action(
      "detail/close", "Closes the detail screen (cancels its image download).", refuses: ["detail.notOpen"]
    ) { .feed(.closeDetail) }.example(before: [.call("feed/openDetail", ["key": .state("/feed/items/0/key")])]
    ),
    .action(
      "connectivity/set",
      "Tells the core whether the device is online; coming back online refreshes the feed.",
      .bool("online", "true when the device has a connection")
    ) { online in .feed(.setConnectivity(online: online)) }.idempotent()
      .example(["online": false], after: [.call("connectivity/set", ["online": true])]).countedLast(),
  ]

  /// The feed's pages loaded until it holds `size.photos`.
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call] {
    size.photos > 0 ? [.repeated("feed/loadMore", until: "/feed/items/\(size.photos - 1)")] : []
  }

  /// What `feed/loadMore` adds: when it recorded nothing, why (the check its decide makes).
  struct LoadMoreAnswer: Codable, Sendable {
    var reason: FeedState.NoMoreReason?
  }
}
