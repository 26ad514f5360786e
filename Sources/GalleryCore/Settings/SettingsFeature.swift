import Foundation

/// Decides and folds settings changes; invalid values are refused naming the field.
enum SettingsFeature: TakesActions, RunsEffects, HasScreens, Resumes, Demonstrates {
  static let name = "settings"
  static func decide(_ action: SettingsAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .detectLanguage(let language):
      guard state.settings.languageSource == nil else { return [] }
      return [Event(SettingsEvents.LanguageDetected(language: language))]
    case .adoptConfiguration(let configured):
      let current = state.settings.providers
      guard !current.chosen, !current.sameProviders(as: configured) else { return [] }
      return [Event(SettingsEvents.ProvidersConfigured(providers: current.withProviders(of: configured)))]
    case .adoptStartSettings(let wanted):
      let current = state.settings
      _ = try apply(wanted, to: current)  // an invalid value is refused even where a user's choice wins
      let defaults = Settings()
      var change = SettingsChange()
      if current.appearance == defaults.appearance { change.appearance = wanted.appearance }
      if current.languageSource != "user" { change.language = wanted.language }
      if current.pageSize == defaults.pageSize { change.pageSize = wanted.pageSize }
      if current.prefetchDistance == defaults.prefetchDistance {
        change.prefetchDistance = wanted.prefetchDistance
      }
      if current.imageCacheMegabytes == defaults.imageCacheMegabytes {
        change.imageCacheMegabytes = wanted.imageCacheMegabytes
      }
      var next = try apply(change, to: current)
      if change.language != nil { next.languageSource = "app" }
      guard next != current else { return [] }
      return [Event(SettingsEvents.Changed(settings: next, environments: nil))]
    case .update(let change):
      let next = try apply(change, to: state.settings)
      guard next != state.settings else { return [] }
      let old = state.settings.providers.environments
      let new = next.providers.environments
      var changes = SettingsEvents.EnvironmentChanges()
      for (name, urls) in new where old[name] != urls { changes.defined[name] = urls }
      changes.removed = old.keys.filter { new[$0] == nil }.sorted()
      let recorded = changes == SettingsEvents.EnvironmentChanges() ? nil : changes
      return [Event(SettingsEvents.Changed(settings: next, environments: recorded))]
    }
  }

  /// `settings.invalid` naming `field`, with the text of `rule` (`settings.invalid.RULE`).
  static func invalid(_ field: String, _ rule: String, _ args: [String: String] = [:]) -> Rejection {
    Rejection(
      "settings.invalid", args.merging(["field": field]) { a, _ in a }, text: "settings.invalid.\(rule)")
  }

  /// `field` outside `range`, with its bounds as the text's arguments.
  static func outOfRange(_ field: String, _ range: ClosedRange<Int>) -> Rejection {
    invalid(field, "range", ["min": String(range.lowerBound), "max": String(range.upperBound)])
  }

  /// The settings with `change` applied, or the first invalid field.
  static func apply(_ change: SettingsChange, to current: Settings) throws(Rejection) -> Settings {
    var s = current
    if let v = change.appearance {
      guard let a = Settings.Appearance(rawValue: v) else {
        throw invalid("appearance", "oneOf", ["allowed": "system, light, dark"])
      }
      s.appearance = a
    }
    if let v = change.language {
      guard let l = Language(rawValue: v) else { throw invalid("language", "oneOf", ["allowed": "en, es"]) }
      s.language = l
      s.languageSource = "user"
    }
    for choice in ProviderChoices.atRunTime {
      guard let value = change.providers[choice.area] else { continue }
      guard choice.names.contains(value) else {
        throw invalid("\(choice.area)Provider", "oneOf", ["allowed": choice.names.joined(separator: ", ")])
      }
      s.providers[choice.area] = value
      s.providers.chosen = true
    }
    if let named = change.environments {
      for (name, urls) in named.sorted(by: { $0.key < $1.key }) {
        guard name != "production", (1...32).contains(name.count),
          name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
          throw invalid("environments.\(name.prefix(40))", "environmentName")
        }
        if urls.isEmpty {
          s.providers.environments[name] = nil
          continue
        }
        for (service, url) in urls.sorted(by: { $0.key < $1.key }) {
          guard ProviderChoices.services.contains(where: { $0.name == service }) else {
            throw invalid(
              "environments.\(name).\(service.prefix(40))", "service",
              ["allowed": ProviderChoices.services.map(\.name).joined(separator: ", ")])
          }
          guard url.count <= 2048, Endpoint.url(base: url, path: "/") != nil else {
            throw invalid("environments.\(name).\(service)", "url")
          }
        }
        s.providers.environments[name] = urls
      }
      guard s.providers.environments.count <= ProviderSettings.maxEnvironments else {
        throw invalid("environments", "environmentCount", ["max": "\(ProviderSettings.maxEnvironments)"])
      }
    }
    if let v = change.environment {
      guard v == "production" || s.providers.environments[v] != nil else {
        throw invalid("environment", "environment")
      }
      s.providers.environment = v
    }
    if s.providers.environments[s.providers.environment] == nil { s.providers.environment = "production" }
    if let v = change.pageSize {
      guard Settings.pageSizes.contains(v) else { throw outOfRange("pageSize", Settings.pageSizes) }
      s.pageSize = v
    }
    if let v = change.prefetchDistance {
      guard Settings.prefetchDistances.contains(v) else {
        throw outOfRange("prefetchDistance", Settings.prefetchDistances)
      }
      s.prefetchDistance = v
    }
    if let v = change.imageCacheMegabytes {
      guard Settings.imageCacheSizes.contains(v) else {
        throw outOfRange("imageCacheMegabytes", Settings.imageCacheSizes)
      }
      s.imageCacheMegabytes = v
    }
    return s
  }

  static let events: [any EventPayload.Type] = SettingsEvents.all

  /// The locale's language (recorded at the first start only), then the configured providers.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] {
    let detect: [Action] = environment.locale.map { [.settings(.detectLanguage($0))] } ?? []
    return detect + [.settings(.adoptConfiguration(environment.providerSettings))]
  }

  static let handlers: [EventHandler] = [
    .fold(SettingsEvents.LanguageDetected.self) { state, e in
      state.settings.languageSource = "environment"
      if state.settings.language != e.language {
        state.settings.language = e.language
        state.rerenderMessages()
      }
    },
    .fold(SettingsEvents.ProvidersConfigured.self) { state, e in state.settings.providers = e.providers },
    .fold(SettingsEvents.Changed.self) { state, e in
      let old = state.settings
      state.settings = e.settings
      state.settings.providers.environments =
        e.environments?.applied(to: old.providers.environments) ?? old.providers.environments
      if old.language != e.settings.language { state.rerenderMessages() }
    },
    // A no-op when nothing it governs changed: the providers switch when a user chose others
    // or another environment (until a user chooses, the configuration's providers serve, on
    // the environment in use). The state after the fold: the providers with their environments.
    .plan(SettingsEvents.Changed.self) { _, state in [.settings(.useProviders(state.settings.providers))] },
  ]
}

extension SettingsFeature {
  /// `/settings`, patched as one value.
  static let stateParts: [StatePart] = [.value("settings") { $0.$settings }]
}

extension SettingsFeature {
  /// Nothing of its own is in flight or on a timer.
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// Its demo provider serves no file.
  static let demoFiles: [DemoFileSource] = []
}
