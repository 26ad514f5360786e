/// How a rerun makes a recorded `settings.changed` again: the change that leads from the
/// settings it has reached to the recorded ones, as the method that made it would have sent it.
enum SettingsReproduction {
  /// The action that records `e` again from `current`: `initialize`'s start settings when
  /// the recorded language came from the app, `settings/update` otherwise.
  static func action(_ e: SettingsEvents.Changed, from current: Settings) -> Action {
    let wanted = e.settings
    var change = SettingsChange()
    if wanted.appearance != current.appearance { change.appearance = wanted.appearance.rawValue }
    if wanted.language != current.language || wanted.languageSource != current.languageSource {
      change.language = wanted.language.rawValue
    }
    if wanted.pageSize != current.pageSize { change.pageSize = wanted.pageSize }
    if wanted.prefetchDistance != current.prefetchDistance {
      change.prefetchDistance = wanted.prefetchDistance
    }
    if wanted.imageCacheMegabytes != current.imageCacheMegabytes {
      change.imageCacheMegabytes = wanted.imageCacheMegabytes
    }
    if wanted.languageSource == "app" {
      return .settings(.adoptStartSettings(change))
    }
    if wanted.providers.chosen,
      wanted.providers.byArea != current.providers.byArea || !current.providers.chosen
    {
      change.providers = wanted.providers.byArea
    }
    if let environments = e.environments {
      var named: [String: [String: String]] = environments.defined
      for name in environments.removed { named[name] = [:] }
      if environments.replacesAll {
        for name in current.providers.environments.keys where named[name] == nil { named[name] = [:] }
      }
      change.environments = named
    }
    if wanted.providers.environment != current.providers.environment {
      change.environment = wanted.providers.environment
    }
    return .settings(.update(change))
  }
}
