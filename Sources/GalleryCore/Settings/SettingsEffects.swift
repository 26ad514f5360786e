/// The settings' effect, as data.
public enum SettingsEffect: Codable, Equatable, Sendable {
  /// Serve each feature from these providers and base URLs (no-op if they are in use).
  case useProviders(ProviderSettings)
}

/// The settings' effect: serve from the providers a user chose.
extension SettingsFeature {
  static func run(_ effect: SettingsEffect, in runtime: EffectRuntime) {
    guard case .useProviders(let settings) = effect, let next = runtime.useProviders(settings) else { return }
    // As at start-up: a feature whose provider changed starts over with the new one.
    let actions = GalleryModules.withProviders.flatMap { $0.providersChanged(next) }
    runtime.dispatch(actions)
  }
}

extension SettingsEffect: FeatureEffect {
  typealias Feature = SettingsFeature
}

extension Effect {
  /// An effect of the settings feature.
  public static func settings(_ effect: SettingsEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension SettingsEffect {
  /// A provider swap is local work: a rerun swaps too (what the new providers are asked is
  /// answered from the recording).
  var asked: RequestTag? { nil }
}
