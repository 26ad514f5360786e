extension Route.Screen {
  /// The settings.
  public static let settings = Route.Screen(declaring: "settings")
}

extension Tab {
  /// The settings.
  public static let settings = Tab(declaring: "settings")
}

extension SettingsFeature {
  static let screens: [Route.Screen] = [.settings]

  /// The last tab; an app cannot start on it.
  static let tab: TabDeclaration? = TabDeclaration(.settings, root: .settings, order: 90, canBeHome: false)
}
