/// The home screen's photo feed (`/feed`).
public struct FeedState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case idle, loading, refreshing, loadingMore, loaded, failed
  }
  /// How a load changes the list.
  public enum LoadMode: String, Codable, Sendable, CaseIterable { case refresh, more }

  /// The provider the items come from (`demo`, `pixabay`, `pexels`).
  public var provider = "demo"
  /// The search text as typed.
  public var query = ""
  /// The search the list shows (the typed text once the debounce fired).
  public var activeQuery = ""
  public var status = Status.idle
  public var items: [FeedItem] = []
  /// The last page loaded (0 before any).
  public var page = 0
  public var hasMore = false
  @Nullable public var error: Message? = nil
  /// The empty state: `feed.noResults` (a search found nothing) or `feed.empty`.
  @Nullable public var emptyNotice: Message? = nil
  /// The items are the offline copy of the last first page, not a live answer.
  public var isOfflineCopy = false
  /// The page size the next refresh asks with (the setting).
  public var perPage = Settings.defaultPageSize
  /// The page size the shown list's pages were asked with: its next pages are asked with it
  /// too, so a changed setting never skips or repeats a photo; the setting applies from the
  /// next refresh or search. Nil (a state written before it existed): `perPage`.
  @CoreOnly @Nullable public var listPageSize: Int? = nil
  /// The load in flight: its id, mode and page.
  @CoreOnly @Nullable public var pendingLoad: PendingLoad? = nil
  /// The debounce timer waiting to search `query`.
  @CoreOnly @Nullable public var debounceTimer: Int? = nil
  /// The last first page the provider answered, shown when a load cannot go out (absent in a
  /// state written before it existed: then the copy is read from `offline-feed.json`).
  @CoreOnly @Nullable public var offlineCopy: OfflineCopyPage? = nil
  /// Where each item stands by its key (`FeedKeyIndex`): not state, so not among the coded
  /// members below.
  var keyIndex = FeedKeyIndex()

  /// Every member but `keyIndex`.
  private enum CodingKeys: String, CodingKey {
    case provider, query, activeQuery, status, items, page, hasMore, error, emptyNotice, isOfflineCopy
    case perPage, listPageSize, pendingLoad, debounceTimer, offlineCopy
  }

  public struct PendingLoad: Codable, Equatable, Sendable {
    @CoreOnly public var requestID: Int
    public var mode: LoadMode
    public var page: Int
    public var query: String
    /// The page size it asks with. Nil (a state written before it existed): the feed's `perPage`.
    @CoreOnly @Nullable public var perPage: Int? = nil

    public init(requestID: Int, mode: LoadMode, page: Int, query: String, perPage: Int? = nil) {
      self.requestID = requestID
      self.mode = mode
      self.page = page
      self.query = query
      self.perPage = perPage
    }
  }

  public init() {}

  /// Why `feed/loadMore` cannot load a next page now.
  public enum NoMoreReason: String, Codable, Sendable, CaseIterable {
    /// A load is in flight.
    case loading
    /// The offline copy has no pages.
    case offlineCopy
    /// The provider has no more.
    case noMore
    /// No page is shown yet.
    case notLoaded
  }

  /// Why `feed/loadMore` cannot load a next page now, or nil when it can. A failed page, or a
  /// failed refresh, with items still shown can go on from the last page that loaded.
  public var whyNoMore: NoMoreReason? {
    if pendingLoad != nil { return .loading }
    if isOfflineCopy { return .offlineCopy }
    if status != .loaded, !(status == .failed && !items.isEmpty) { return .notLoaded }
    if !hasMore { return .noMore }
    return nil
  }

  /// The page size a load in `mode` asks with: a next page continues the shown list at its
  /// own size; a refresh starts over at the setting's.
  func pageSize(for mode: LoadMode) -> Int {
    mode == .more ? (listPageSize ?? perPage) : perPage
  }

  /// A failed load may show the offline copy in place of the list: nothing live is shown (a
  /// live list, however old, is kept and its failure says it is not fresh).
  var mayShowOfflineCopy: Bool { items.isEmpty || isOfflineCopy }

  /// The index of the item with `key` (keys are unique).
  func index(of key: String) -> Int? { Self.index(of: key, in: items, keyIndex) }

  /// `index(of:)` over the two members it reads, passed on their own: called on a state's
  /// member through its storage, a method on the whole feed made a copy of it first. The key
  /// index answers first, a search from the end when it cannot (each row's key read in place:
  /// a row handed to a closure is copied whole). From the end: the images that load are those
  /// of the page just appended.
  static func index(of key: String, in items: [FeedItem], _ keyIndex: FeedKeyIndex) -> Int? {
    items.withUnsafeBufferPointer { rows in
      if let i = keyIndex.position(of: key, in: rows) { return i }
      var i = rows.count
      while i > 0 {
        i -= 1
        if rows[i].key == key { return i }
      }
      return nil
    }
  }
}

/// A photo's detail screen (`/detail`): the facts and the large image's state.
public struct DetailState: Codable, Equatable, Sendable {
  public var key: String
  public var photo: Photo
  public var image: ImageState

  public init(photo: Photo, image: ImageState = ImageState()) {
    self.key = photo.key
    self.photo = photo
    self.image = image
  }
}

extension FeedState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: FeedState { FeedState() }
}

extension FeedState.PendingLoad: PersistedDefaults {
  /// A refresh of the first page.
  public static var persistedDefaults: FeedState.PendingLoad {
    FeedState.PendingLoad(requestID: 0, mode: .refresh, page: 1, query: "")
  }
}

extension DetailState: PersistedDefaults {
  /// An empty photo, its image not requested.
  public static var persistedDefaults: DetailState { DetailState(photo: .persistedDefaults) }
}
