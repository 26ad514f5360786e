/// The settings' effect, as data.
public enum SettingsEffect: Codable, Equatable, Sendable {
  /// Serve each feature from these providers and base URLs (no-op if they are in use).
  case useProviders(ProviderSettings)
}

/// The settings' effect: serve from the providers a user chose.
extension SettingsFeature {
  static func start(_ effect: Effect, in runtime: EffectRuntime) -> Bool {
    guard case .settings(.useProviders(let settings)) = effect else { return false }
    guard let next = runtime.useProviders(settings) else { return true }
    // As at start-up: a feature whose provider changed starts over with the new one.
    let actions = GalleryModules.all.flatMap { $0.providersChanged(next) }
    runtime.run { [send = runtime.send] in
      for action in actions { send(action) }
      return []
    }
    return true
  }
}
