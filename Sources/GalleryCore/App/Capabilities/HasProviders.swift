/// A feature that asks a provider: the environment keys of its providers, how users choose
/// one, the area its requests report in, what it does when the providers change, and which of
/// its actions ask the provider again (refused while that area waits).
protocol HasProviders: TakesActions {
  /// The environment keys of its providers (each gets its default in a new environment;
  /// empty when its provider lives in the environment itself).
  static var providerKeys: [any ProviderKey.Type] { get }
  /// How users choose its provider (flags, settings), if they can.
  static var providerChoice: ProviderChoice? { get }
  /// The area its provider requests report in (`/unreachable`, `/rateLimited`).
  static var providerArea: ProviderArea { get }
  /// Areas of budgets narrower than its provider's whole one (Imgur's uploads an hour):
  /// under `/rateLimited` only, each gating the actions that spend it.
  static var limitAreas: [ProviderArea] { get }
  /// Actions to send once a settings change swapped the providers for `environment`'s.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action]
  /// The provider areas `action` asks again (a reload, a retry, an upload): while any of them
  /// asked to wait (`/rateLimited`), the action is refused.
  static func retryAreas(of action: Actions) -> [ProviderArea]
}

extension FeatureModule {
  static var asHasProviders: (any HasProviders.Type)? { nil }
}

extension HasProviders {
  static var asHasProviders: (any HasProviders.Type)? { self }
}
