/// A feature with screens of its own: the values `/route/N/screen` may take for it, and its
/// top-level tab, if it has one.
protocol HasScreens: FeatureModule {
  /// Its top-level screen (nil when it is reached only from another screen).
  static var tab: TabDeclaration? { get }
  /// Every screen it shows.
  static var screens: [Route.Screen] { get }
}

extension FeatureModule {
  static var asHasScreens: (any HasScreens.Type)? { nil }
}

extension HasScreens {
  static var asHasScreens: (any HasScreens.Type)? { self }
}
