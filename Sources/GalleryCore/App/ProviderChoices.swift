/// Every feature's provider choice, in module order, derived from `GalleryModules.all`: the
/// start-up flags, the run-time settings and the services environments may name.
public enum ProviderChoices {
  /// Every choice, in module order.
  public static let all: [ProviderChoice] = GalleryModules.withProviders.compactMap { $0.providerChoice }

  /// The choices `settings/update` can make while the core runs (kept in `/settings/providers`).
  public static let atRunTime: [ProviderChoice] = all.filter(\.atRunTime)

  /// Every service a provider talks to, once each, in module order.
  public static let services: [ProviderService] = all.flatMap(\.services).reduce(into: []) { kept, service in
    if !kept.contains(where: { $0.name == service.name }) { kept.append(service) }
  }

  /// The choice of `area`, if a feature declares one.
  public static func choice(_ area: String) -> ProviderChoice? { all.first { $0.area == area } }

  /// Installs in `environment` the provider each area names in `chosen` (the default where it
  /// names none), built with `configuration`.
  public static func install(
    _ chosen: [String: String], configuration: ProviderConfiguration, in environment: inout GalleryEnvironment
  ) {
    for choice in all { choice.option(chosen[choice.area] ?? "").install(configuration, &environment) }
  }
}
