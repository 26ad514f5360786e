import Foundation

/// The settings' facts recorded in the log.
public enum SettingsEvents {
  static let all: [any EventPayload.Type] = [LanguageDetected.self, Changed.self, ProvidersConfigured.self]

  /// The configuration's providers, adopted while the user has chosen none.
  public struct ProvidersConfigured: EventPayload {
    public static let type = "settings.providersConfigured"
    public static let role: EventRole<Self> = .input(method: "initialize") { e, _ in
      .settings(.adoptConfiguration(e.providers))
    }
    public static let documented = EventDoc(
      data: #"`providers`"#,
      recordedWhen:
        #"at start, while no user chose providers: the configuration's (`--feed` and friends) differ from the state's"#
    )
    public var providers: ProviderSettings
    public init(providers: ProviderSettings) { self.providers = providers }
  }

  public struct LanguageDetected: EventPayload {
    public static let type = "settings.languageDetected"
    public static let role: EventRole<Self> = .input(method: "initialize") { e, _ in
      .settings(.detectLanguage(e.language))
    }
    public static let documented = EventDoc(
      data: #"`language`"#,
      recordedWhen: #"the first start: the locale's language"#)
    public var language: Language
    public init(language: Language) { self.language = language }
  }

  /// The settings after an update, but for the named environments: those the update defined
  /// or removed are in `environments`, so an event stays as small as its call (a call
  /// defines at most 20 environments) however many earlier calls defined.
  ///
  /// v2. A v1 line held the settings whole, environments included; its upgrade moves those
  /// into `environments` as a replacement of the whole map, so it folds as it always did.
  public struct Changed: EventPayload {
    public static let type = "settings.changed"
    public static let role: EventRole<Self> = .input(method: "settings/update") { e, state in
      SettingsReproduction.action(e, from: state.settings)
    }
    public static let documented = EventDoc(
      data:
        #"`settings` (all of them after the change, but `providers.environments`, recorded `{}`), `environments?` (`{"defined": {name: {service: url}}, "removed": [name], "replacesAll": false}`: only the named environments this update changed)"#,
      recordedWhen:
        #"`settings/update` changed something. v1 held the settings whole, environments included: it reads as v2 with those environments replacing the whole map (`replacesAll: true`)"#
    )
    public static var version: Int { 2 }
    /// Every member but `providers.environments`, which is recorded empty.
    public var settings: Settings
    /// The environments this update defined or removed (nil: none).
    public var environments: EnvironmentChanges?

    public init(settings: Settings, environments: EnvironmentChanges? = nil) {
      var recorded = settings
      recorded.providers.environments = [:]
      self.settings = recorded
      self.environments = environments
    }

    /// v1 → v2: the whole map a v1 line held replaces the environments when folded.
    public static func upgrade(_ data: [UInt8], from version: Int) throws -> [UInt8] {
      guard version == 1, case .object(var members) = try JSONParser.parse(data),
        case .object(var settings)? = members["settings"],
        case .object(var providers)? = settings["providers"]
      else { throw EventDecodingError(type: type, reason: "no upgrade from schema version \(version)") }
      let whole = providers["environments"] ?? .object([:])
      providers["environments"] = .object([:])
      settings["providers"] = .object(providers)
      members["settings"] = .object(settings)
      members["environments"] = .object(["defined": whole, "removed": .array([]), "replacesAll": .bool(true)])
      return JSONWriter.bytes(.object(members))
    }
  }

  /// Named environments an update defined (name → service → base URL) or removed.
  public struct EnvironmentChanges: Codable, Equatable, Sendable {
    public var defined: [String: [String: String]] = [:]
    public var removed: [String] = []
    /// The defined ones are the whole map (a v1 line's): every other one goes.
    public var replacesAll = false

    public init(defined: [String: [String: String]] = [:], removed: [String] = [], replacesAll: Bool = false)
    {
      self.defined = defined
      self.removed = removed
      self.replacesAll = replacesAll
    }

    /// `environments` with these changes made.
    public func applied(to environments: [String: [String: String]]) -> [String: [String: String]] {
      var result = replacesAll ? [:] : environments
      for name in removed { result[name] = nil }
      for (name, urls) in defined { result[name] = urls }
      return result
    }
  }
}
