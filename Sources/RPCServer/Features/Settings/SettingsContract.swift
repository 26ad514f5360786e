import GalleryCore

/// The settings: appearance, language, providers and their environments, and the limits a
/// user may tune.
enum SettingsContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "settings/update",
      "Changes any of the settings (every parameter optional; the others stay). An invalid value is refused (-32010, settings.invalid) naming the field, and nothing changes.",
      .optionalChoice("appearance", ["system", "light", "dark"], "dark mode"),
      .optionalChoice(
        "language", Language.allCases.map(\.rawValue), "every message in the state is rendered again in it"),
      providers,
      .raw(
        "environments", .object(["type": .string("object")]),
        "named environments to define: {name: {service: baseURL}} (services \(services)); {} removes one"),
      .optionalString("environment", "production (the configured URLs) or a defined name"),
      limit("pageSize", Settings.pageSizes, "photos per page"),
      limit("prefetchDistance", Settings.prefetchDistances, "rows to prefetch ahead"),
      limit(
        "imageCacheMegabytes", Settings.imageCacheSizes,
        "the image cache's budget; a smaller one evicts at once"),
      refuses: ["settings.invalid"]
    ) {
      appearance, language, providers, environments, environment, pageSize, prefetchDistance, cacheSize
        throws(RPCError) in
      var change = SettingsChange()
      change.appearance = appearance
      change.language = language
      change.providers = providers
      change.environment = environment
      change.pageSize = pageSize
      change.prefetchDistance = prefetchDistance
      change.imageCacheMegabytes = cacheSize
      change.environments = try Self.environments(environments)
      return .settings(.update(change))
    }.idempotent()
      // Another provider or environment starts each feature over with it: the account's
      // session ends (the user is signed out and its tokens are dropped).
      .destructive(
        whenGiven: ProviderChoices.atRunTime.map { $0.area + "Provider" } + ["environments", "environment"]
      )
      .example(["language": "es"], after: [.call("settings/update", ["language": "en"])])
  ]

  /// `NAMEProvider` for every area with a choice at run time (declared by each feature's
  /// `ProviderChoice`): one parameter each, read together into the change's providers.
  static var providers: MethodParam<[String: String]> {
    let choices = ProviderChoices.atRunTime.map { choice in
      (choice, MethodParam<String?>.optionalChoice(choice.area + "Provider", choice.names, choice.summary))
    }
    return MethodParam(declarations: choices.flatMap(\.1.declarations)) { p throws(RPCError) in
      var providers: [String: String] = [:]
      for (choice, param) in choices { providers[choice.area] = try p[param] }
      return providers
    }
  }

  /// A tunable limit: the schema publishes the values it takes; any whole number is read, so
  /// one outside them gets `settings.invalid`, naming the field and the values.
  static func limit(_ name: String, _ range: ClosedRange<Int>, _ summary: String) -> MethodParam<Int?> {
    .optionalInt(name, in: range, accepting: -1_000_000...1_000_000, summary)
  }

  /// The services an environment may name, for the parameter's text.
  static var services: String { ProviderChoices.services.map(\.name).joined(separator: ", ") }

  /// `{name: {service: url}}`, every leaf a string.
  static func environments(_ raw: JSONValue?) throws(RPCError) -> [String: [String: String]]? {
    guard let raw, raw != .null else { return nil }
    guard case .object(let named) = raw, named.count <= 20 else {
      throw RPCError.invalidParams(
        "parameter \"environments\" must be an object of at most 20 {service: url} objects")
    }
    var result: [String: [String: String]] = [:]
    for (name, value) in named {
      guard case .object(let urls) = value else {
        throw RPCError.invalidParams(
          "parameter \"environments\": \(name.prefix(40)) must be an object of base URLs")
      }
      var strings: [String: String] = [:]
      for (service, url) in urls {
        guard case .string(let s) = url else {
          throw RPCError.invalidParams(
            "parameter \"environments\": \(name.prefix(40)).\(service.prefix(40)) must be a string")
        }
        strings[service] = s
      }
      result[name] = strings
    }
    return result
  }
}
