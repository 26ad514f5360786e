import Foundation

/// What a frontend changes in the settings; every field is optional (nil: unchanged).
public struct SettingsChange: Codable, Equatable, Sendable {
  public var appearance: String?
  public var language: String?
  /// Providers to use, by area (the areas of `ProviderChoices.atRunTime`).
  public var providers: [String: String] = [:]
  /// Selects `production` or a named environment.
  public var environment: String?
  /// Defines (or, with an empty object, removes) named environments: name → service → URL.
  public var environments: [String: [String: String]]?
  public var pageSize: Int?
  public var prefetchDistance: Int?
  public var imageCacheMegabytes: Int?

  public init() {}

  /// The members an app may start with (`initializationOptions.settings`): not providers or
  /// environments, which the configuration and users choose.
  public static let startMembers = [
    "appearance", "language", "pageSize", "prefetchDistance", "imageCacheMegabytes",
  ]
}

/// Settings actions.
public enum SettingsAction: Codable, Equatable, Sendable {
  /// Runtime, at the first start: the language of the environment's locale.
  case detectLanguage(Language)
  /// Runtime, at every start: the providers the configuration chose, recorded while the
  /// user has not chosen any (so a later choice changes only what it names).
  case adoptConfiguration(ProviderSettings)
  /// Runtime (`initialize`): the settings the app starts with (`initializationOptions.settings`),
  /// for each member no user chose: one still at its built-in default, the language unless
  /// a user picked it.
  case adoptStartSettings(SettingsChange)
  case update(SettingsChange)
}

extension SettingsAction: FeatureAction {
  typealias Feature = SettingsFeature
}

extension Action {
  /// An action of the settings feature.
  public static func settings(_ action: SettingsAction) -> Action { Action(action) }
}
