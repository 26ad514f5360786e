extension SettingsFeature {
  /// A change of one setting, in range or not.
  static let actionSample = ActionSample(weight: 1) { r in
    var change = SettingsChange()
    switch r.below(4) {
    case 0: change.language = r.pick(["en", "es"])
    case 1: change.pageSize = r.pick([5, 20, 1000])
    case 2: change.appearance = r.pick(["dark", "light", "neon"])
    default: change.imageCacheMegabytes = r.pick([5, 50])
    }
    return .settings(.update(change))
  }
}
