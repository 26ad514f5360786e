import Foundation

/// The settings' facts recorded in the log.
public enum SettingsEvents {
  static let all: [any EventPayload.Type] = [LanguageDetected.self, Changed.self, ProvidersConfigured.self]

  /// The configuration's providers, adopted while the user has chosen none.
  public struct ProvidersConfigured: EventPayload {
    public static let type = "settings.providersConfigured"
    public var providers: ProviderSettings
    public init(providers: ProviderSettings) { self.providers = providers }
  }

  public struct LanguageDetected: EventPayload {
    public static let type = "settings.languageDetected"
    public var language: Language
    public init(language: Language) { self.language = language }
  }

  /// The settings after an update, whole (they are small).
  public struct Changed: EventPayload {
    public static let type = "settings.changed"
    public var settings: Settings
    public init(settings: Settings) { self.settings = settings }
  }
}
