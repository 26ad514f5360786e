/// The feed's facts recorded in the log.
public enum FeedEvents {
  static let all: [any EventPayload.Type] = [
    ProviderSelected.self, QueryEdited.self, DebounceFired.self, LoadStarted.self, PageLoaded.self,
    LoadFailed.self,
    OfflineCopyShown.self, DetailOpened.self, DetailClosed.self, ConnectivityChanged.self,
  ]

  /// The configured provider differs from the one the state shows: the list is cleared.
  public struct ProviderSelected: EventPayload {
    public static let type = "feed.providerSelected"
    public static let role: EventRole<Self> = .input(method: "initialize") { e, _ in
      .feed(.start(provider: e.provider))
    }
    public static let documented = EventDoc(
      data: #"`provider`"#,
      recordedWhen: #"at start: the configured provider differs from the state's; the list is cleared"#)
    public var provider: String
    public init(provider: String) { self.provider = provider }
  }

  /// The search text changed; timer `timerID` will fire the search after the debounce.
  public struct QueryEdited: EventPayload {
    public static let type = "feed.queryEdited"
    public static let role: EventRole<Self> = .input(method: "feed/setQuery") { e, _ in
      .feed(.setQuery(e.text))
    }
    public static let documented = EventDoc(
      data: #"`text`, `timerID`, `delayMilliseconds?` (the debounce: 300)"#,
      recordedWhen:
        #"the search text changed; a timer of `delayMilliseconds` was started (lines written before it was recorded: 300 ms)"#
    )
    public var text: String
    public var timerID: Int
    /// The debounce's delay decided (a decision a rerun compares). Nil (a line written
    /// before it was recorded): `FeedFeature.debounceMilliseconds`.
    public var delayMilliseconds: Int?
    public init(text: String, timerID: Int, delayMilliseconds: Int? = nil) {
      self.text = text
      self.timerID = timerID
      self.delayMilliseconds = delayMilliseconds
    }
  }

  /// The debounce timer fired (so replay debounces exactly as the session did).
  public struct DebounceFired: EventPayload {
    public static let type = "feed.debounceFired"
    public static let role: EventRole<Self> = .result { .timer($0.timerID) }
    public static let documented = EventDoc(
      data: #"`timerID`"#,
      recordedWhen: #"the (current) debounce timer fired"#)
    public var timerID: Int
    public init(timerID: Int) { self.timerID = timerID }
  }

  /// A page load went to the provider.
  public struct LoadStarted: EventPayload {
    public static let type = "feed.loadStarted"
    public static let role: EventRole<Self> = .input(method: "feed/refresh, feed/loadMore") { e, _ in
      e.mode == .more ? .feed(.loadMore) : .feed(.refresh)
    }
    public static let documented = EventDoc(
      data:
        #"`requestID`, `mode` (`refresh`/`more`), `page`, `query`, `perPage?` (the page size asked for; lines written before it was recorded: the settings' page size)"#,
      recordedWhen: #"a page request went out (or, offline, is about to fail)"#)
    public var requestID: Int
    public var mode: FeedState.LoadMode
    public var page: Int
    public var query: String
    /// The page size asked for (a decision a rerun compares). Nil (a line written before it
    /// was recorded): the feed's page size for `mode`.
    public var perPage: Int?
    public init(requestID: Int, mode: FeedState.LoadMode, page: Int, query: String, perPage: Int? = nil) {
      self.requestID = requestID
      self.mode = mode
      self.page = page
      self.query = query
      self.perPage = perPage
    }
  }

  /// The provider answered with a page.
  public struct PageLoaded: EventPayload {
    public static let type = "feed.pageLoaded"
    public static let role: EventRole<Self> = .result { RequestTag("feed page", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `page: {photos: [Photo], hasMore}`"#,
      recordedWhen: #"the provider answered; an answer to a superseded request changes nothing"#)
    public var requestID: Int
    public var page: FeedPage
    public init(requestID: Int, page: FeedPage) {
      self.requestID = requestID
      self.page = page
    }
  }

  /// The load failed.
  public struct LoadFailed: CarriesFailure {
    public static let type = "feed.loadFailed"
    public static let role: EventRole<Self> = .result { RequestTag("feed page", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the page request failed"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  /// Offline: the last first page saved on disk is shown instead.
  public struct OfflineCopyShown: EventPayload {
    public static let type = "feed.offlineCopyShown"
    public static let role: EventRole<Self> = .result { _ in FeedEffect.offlineCopyTag }
    public static let documented = EventDoc(
      data: #"`photos`, `query`"#,
      recordedWhen:
        #"offline: the saved first page is shown, in the same append as the `feed.loadFailed` (declared offline, it comes from the state; from a state written before the state kept it, it is read from `offline-feed.json` and recorded right after)"#
    )
    public var photos: [Photo]
    public var query: String
    public init(photos: [Photo], query: String) {
      self.photos = photos
      self.query = query
    }
  }

  /// The detail screen opened for a photo.
  public struct DetailOpened: EventPayload {
    public static let type = "feed.detailOpened"
    public static let role: EventRole<Self> = .input(method: "feed/openDetail") { e, _ in
      .feed(.openDetail(e.key))
    }
    public static let documented = EventDoc(
      data: #"`key`"#,
      recordedWhen: #"the detail screen opened"#)
    public var key: String
    public init(key: String) { self.key = key }
  }

  /// The detail screen of `key` closed.
  public struct DetailClosed: EventPayload {
    public static let type = "feed.detailClosed"
    public static let role: EventRole<Self> = .input(method: "detail/close") { _, _ in .feed(.closeDetail)
    }
    public static let documented = EventDoc(
      data: #"`key`"#,
      recordedWhen: #"the detail screen closed"#)
    public var key: String
    public init(key: String) { self.key = key }
  }

  /// The device went online or offline (told by the frontend, or seen in a failed request).
  public struct ConnectivityChanged: EventPayload {
    public static let type = "connectivity.changed"
    public static let role: EventRole<Self> = .input(method: "connectivity/set") { e, _ in
      .feed(.setConnectivity(online: e.online))
    }
    public static let documented = EventDoc(
      data: #"`online`"#,
      recordedWhen: #"the frontend said the device went online/offline"#)
    public var online: Bool
    public init(online: Bool) { self.online = online }
  }
}
