/// The albums screen (`/albums`).
public struct AlbumsState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable { case idle, loading, loaded, failed }
  public var status = Status.idle
  /// The grouped albums after the search filter, found when first read (`AlbumSections`).
  public var sections: AlbumSections = []
  /// Every album card, keyed by id on the wire (the search filters these into `sections`).
  public var all: AlbumCards = []
  public var search = ""
  /// `null`, or why owners are missing (users failed while albums loaded).
  @Nullable public var notice: Message? = nil
  @Nullable public var error: Message? = nil
  /// The load in flight and what has arrived of it.
  @CoreOnly @Nullable public var pending: PendingLoad? = nil

  public struct PendingLoad: Codable, Equatable, Sendable {
    @CoreOnly public var requestID: Int
    @Nullable public var albums: [AlbumInfo]? = nil
    @Nullable public var owners: [Owner]? = nil
    /// Users failed (sections then have no owner names).
    public var ownersFailed = false
    public init(requestID: Int) { self.requestID = requestID }
  }

  public init() {}
}

extension AlbumsState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: AlbumsState { AlbumsState() }
}

extension AlbumsState.PendingLoad: PersistedDefaults {
  /// Nothing loaded yet, owners not failed.
  public static var persistedDefaults: AlbumsState.PendingLoad { AlbumsState.PendingLoad(requestID: 0) }
}
