import GalleryCore

/// The settings: appearance, language, providers and their environments, and the limits a
/// user may tune.
enum SettingsContract: FeatureContract {
  static let methods: [MethodSpec] = [
    .action(
      "settings/update",
      "Changes any of the settings (every parameter optional; the others stay). An invalid value is refused (-32010, settings.invalid) naming the field, and nothing changes.",
      params: [
        .init("appearance", Schema.enumeration(["system", "light", "dark"]), required: false, "dark mode"),
        .init(
          "language", Schema.enumeration(Language.allCases.map(\.rawValue)), required: false,
          "every message in the state is rendered again in it"),
      ]
        + ProviderChoices.atRunTime.map { choice in
          .init(choice.area + "Provider", Schema.enumeration(choice.names), required: false, choice.summary)
        }
        + [
          .init(
            "environments", .object(["type": .string("object")]), required: false,
            "named environments to define: {name: {service: baseURL}} (services \(services)); {} removes one"
          ),
          .init(
            "environment", Schema.string, required: false,
            "production (the configured URLs) or a defined name"),
          .init("pageSize", Schema.integer(minimum: 3, maximum: 200), required: false, "photos per page"),
          .init(
            "prefetchDistance", Schema.integer(minimum: 0, maximum: 100), required: false,
            "rows to prefetch ahead"),
          .init(
            "imageCacheMegabytes", Schema.integer(minimum: 5, maximum: 2000), required: false,
            "the image cache's budget; a smaller one evicts at once"),
        ]
    ) { p throws(RPCError) in
      var change = SettingsChange()
      change.appearance = try p.optionalString("appearance")
      change.language = try p.optionalString("language")
      for choice in ProviderChoices.atRunTime {
        change.providers[choice.area] = try p.optionalString(choice.area + "Provider")
      }
      change.environment = try p.optionalString("environment")
      change.pageSize = try p.optionalInt("pageSize", in: -1_000_000...1_000_000)
      change.prefetchDistance = try p.optionalInt("prefetchDistance", in: -1_000_000...1_000_000)
      change.imageCacheMegabytes = try p.optionalInt("imageCacheMegabytes", in: -1_000_000...1_000_000)
      change.environments = try environments(p.raw("environments"))
      return Action.settings(.update(change))
    }
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "settings/update": ["settings.invalid"]
  ]

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
