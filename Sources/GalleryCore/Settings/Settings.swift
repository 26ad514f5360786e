/// The user's settings (`/settings`): appearance, language, which providers serve each
/// feature and at which base URLs, and the limits a user may tune. A pure fold of the log,
/// so they survive restarts.
public struct Settings: Codable, Equatable, Sendable {
  public enum Appearance: String, Codable, Sendable, CaseIterable { case system, light, dark }

  public var appearance = Appearance.system
  public var language = Language.en
  /// `environment` (the first start read the locale), `app` (`initializationOptions.settings`
  /// named it) or `user` (`settings/update`); nil before the first start.
  @Nullable public var languageSource: String? = nil
  public var providers = ProviderSettings()
  /// Photos per page (3 to 200).
  public var pageSize = Settings.defaultPageSize
  /// How many rows ahead of the screen a frontend prefetches (0 to 100); a hint for frontends.
  public var prefetchDistance = 6
  /// The image cache's budget in megabytes (5 to 2000); shrinking it evicts at once.
  public var imageCacheMegabytes = 50

  /// What `settings/update` accepts for each limit, and the schema publishes.
  public static let pageSizes = 3...200
  /// Photos per page until a user chooses (20; 30 under `TestAlteration.pageSizeDefault`).
  public static let defaultPageSize = TestAlteration.active == .pageSizeDefault ? 30 : 20
  public static let prefetchDistances = 0...100
  public static let imageCacheSizes = 5...2000
  /// Where the language came from (`languageSource`).
  public static let languageSources = ["environment", "app", "user"]

  public init() {}
}

/// Which provider serves each feature, and the environment whose base URLs they use. The
/// areas are the features' run-time provider choices (`ProviderChoices.atRunTime`); each is a
/// member of the encoded object (`{"feed": "demo", "albums": "demo", …}`), defaulting to its
/// first option.
public struct ProviderSettings: Codable, Equatable, Sendable {
  /// The provider names chosen by area; an area not named here has its default.
  private var names: [String: String] = [:]
  /// The environment in use: `production` (the configured URLs) or one of `environments`.
  public var environment = "production"
  /// Named environments (like the PixaBay seed's DEV and UAT): base URL by service; a service
  /// an environment does not name keeps its configured URL.
  public var environments: [String: [String: String]] = [:]
  /// The most named environments kept (a call defines at most as many).
  public static let maxEnvironments = 20
  /// The base URLs in effect (service → URL).
  public var baseURLs: [String: String] { environments[environment] ?? [:] }

  /// Set once a user chose a provider (`settings/update` with `feedProvider` and the like):
  /// from then on the choices, not the start-up flags, decide. Defining or choosing an
  /// environment does not set it.
  public var chosen = false

  public init() {}

  /// The provider serving `area` (its default when none was named).
  public subscript(area: String) -> String {
    get { names[area] ?? ProviderChoices.choice(area)?.names.first ?? "demo" }
    set { names[area] = newValue == ProviderChoices.choice(area)?.names.first ? nil : newValue }
  }

  /// The provider of every run-time area, by area.
  public var byArea: [String: String] {
    Dictionary(uniqueKeysWithValues: ProviderChoices.atRunTime.map { ($0.area, self[$0.area]) })
  }

  /// Whether both name the same provider for every feature.
  func sameProviders(as other: ProviderSettings) -> Bool { byArea == other.byArea }

  /// What serves under these settings when `configured` are the start-up flags' providers:
  /// the chosen providers, or the configured ones while none are chosen, on the environment
  /// in use.
  public func serving(configured: ProviderSettings) -> ProviderSettings {
    chosen ? self : withProviders(of: configured)
  }

  /// Whether both serve from the same providers at the same base URLs.
  func servesLike(_ other: ProviderSettings) -> Bool {
    sameProviders(as: other) && baseURLs == other.baseURLs
  }

  /// The start-up flags a choice overrides: (feature, configured, chosen) for each feature
  /// whose chosen provider differs from the configured one.
  public func overriddenFlags(configured: ProviderSettings) -> [(
    feature: String, configured: String, chosen: String
  )] {
    guard chosen else { return [] }
    return ProviderChoices.atRunTime.compactMap { choice in
      self[choice.area] == configured[choice.area]
        ? nil : (choice.area, configured[choice.area], self[choice.area])
    }
  }

  /// These settings with every feature's provider taken from `other`.
  func withProviders(of other: ProviderSettings) -> ProviderSettings {
    var next = self
    next.names = other.names
    return next
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    for choice in ProviderChoices.atRunTime {
      if let name = try container.decodeIfPresent(String.self, forKey: Key(choice.area)) {
        self[choice.area] = name
      }
    }
    environment = try container.decodeIfPresent(String.self, forKey: Key("environment")) ?? environment
    environments =
      try container.decodeIfPresent([String: [String: String]].self, forKey: Key("environments"))
      ?? environments
    chosen = try container.decodeIfPresent(Bool.self, forKey: Key("chosen")) ?? chosen
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for choice in ProviderChoices.atRunTime {
      try container.encode(self[choice.area], forKey: Key(choice.area))
    }
    try container.encode(environment, forKey: Key("environment"))
    try container.encode(environments, forKey: Key("environments"))
    try container.encode(chosen, forKey: Key("chosen"))
  }
}

extension GalleryEnvironment {
  /// The providers this environment serves, as settings name them.
  public var providerSettings: ProviderSettings {
    var settings = ProviderSettings()
    for choice in ProviderChoices.atRunTime { settings[choice.area] = choice.installed(self) }
    return settings
  }
}

extension Settings {
  /// These settings with `change` applied, or why it is refused (`settings.invalid` naming
  /// the first invalid field): the check `settings/update` makes.
  public func applying(_ change: SettingsChange) throws(Rejection) -> Settings {
    try SettingsFeature.apply(change, to: self)
  }
}

extension Settings: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: Settings { Settings() }
}

extension ProviderSettings: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: ProviderSettings { ProviderSettings() }
}
