/// The whole view state, a pure fold of the log. Frontends render it; `protocol/` documents
/// every path. Its parts are `@CopyOnWrite`: a copy of the state shares them until one is
/// written, so a copy is cheap and a patch skips every part two states share without comparing.
public struct AppState: Codable, Equatable, Sendable {
  /// The navigation stack, top last.
  @CopyOnWrite public var route: [Route] = [Route(.login)]
  /// How the app is built: sign-in first or none, and its home screen (from `initialize`).
  @CopyOnWrite public var shape = AppShape()
  @CopyOnWrite public var login = AuthFormState(.login)
  @CopyOnWrite public var registration = AuthFormState(.registration)
  @CopyOnWrite public var session = Session()
  /// The home screen's photo feed.
  @CopyOnWrite public var feed = FeedState()
  /// The open photo, if the detail screen is showing.
  @BoxedNullable public var detail: DetailState? = nil
  /// The albums screen.
  @CopyOnWrite public var albums = AlbumsState()
  /// The open album, if its screen is showing.
  @BoxedNullable public var album: OpenAlbum? = nil
  /// The open album photo, if its screen is showing.
  @BoxedNullable public var photo: OpenPhoto? = nil
  /// The Imgur account screen.
  @CopyOnWrite public var account = AccountState()
  /// The random video screen.
  @CopyOnWrite public var video = VideoState()
  /// Appearance, language, providers, limits.
  @CopyOnWrite public var settings = Settings()
  @CopyOnWrite public var favorites = FavoritesState()
  /// Whether the frontend says the device is online (`connectivity/set`).
  public var connectivity = Connectivity.online
  /// Provider areas whose last request could not reach the server, by area (`ProviderArea`).
  @CopyOnWrite public var unreachable: [String: Unreachable] = [:]
  /// Provider areas that asked to wait before the next request, by area (`ProviderArea`).
  @CopyOnWrite public var rateLimited: [String: RateLimit] = [:]
  /// The id the next request will get (ids enter the log in events, so replay matches).
  /// Bookkeeping: kept in snapshots, never shown to clients.
  @CoreOnly public var nextRequestID = 1

  /// `value` as clients see it: encoded without its `@CoreOnly` members (request ids, timers,
  /// pending loads), which snapshots keep and `state/get`, `state/changed` and the published
  /// schema leave out.
  public static func view(_ value: some Encodable) throws -> JSONValue {
    try JSONValueEncoder(view: true).encode(value)
  }

  public init() {}
}

extension AppState {
  /// Every member clients see, in the order they are declared above (the order a patch lists
  /// their changes): how each is patched and encoded alone (`StatePatch`, `StatePointer`).
  /// Each feature declares the members it owns (`FeatureModule.stateParts`); a part no member
  /// backs stops the process at its first use, and `StatePointerTests` holds that the parts
  /// are exactly the members of the view. (Only the names are read, off the synthesized
  /// encoding: `WrittenKeys`.)
  static let parts: [StatePart] = {
    var declared: [String: StatePart] = [:]
    for part in GalleryModules.all.flatMap({ $0.stateParts }) {
      precondition(declared.updateValue(part, forKey: part.name) == nil, "two features declare /\(part.name)")
    }
    let parts = WrittenKeys.names(of: AppState()).compactMap { declared.removeValue(forKey: $0) }
    precondition(declared.isEmpty, "state parts no member backs: \(declared.keys.sorted())")
    return parts
  }()
}

extension AppState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: AppState { AppState() }
}

extension AppState: SchemaNamed {
  /// Published as `State`, the document's root of everything `state/get` returns.
  public static var schemaName: String { "State" }
}

extension AppState: SchemaRefined {
  /// The areas a provider may be unreachable or rate-limited in.
  public static var schemaRefinements: [String: JSONValue] {
    let areas: JSONValue = .object([
      "propertyNames": Schema.enumeration(ProviderArea.allCases.map(\.rawValue))
    ])
    return ["unreachable": areas, "rateLimited": areas]
  }
}

extension AppState {
  /// The names of its `@CoreOnly` members at any depth, read off the declarations: what the
  /// view leaves out.
  public static let coreOnlyMembers: Set<String> = {
    let recorder = SchemaRecorder()
    _ = recorder.schema(of: AppState.self)
    return recorder.hiddenMembers
  }()
}
