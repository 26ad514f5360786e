/// What a frontend asks of navigation.
public enum NavigationAction: Codable, Equatable, Sendable {
  /// Pops the top screen.
  case back
  /// Shows a top-level screen (`nav/open`).
  case open(Tab)
  /// Adopts the shape the frontend declared in `initialize` (recorded only when it changes).
  case adoptShape(AppShape)
}

extension NavigationAction: FeatureAction {
  typealias Feature = NavigationFeature
}

extension Action {
  /// An action of the navigation feature.
  public static func navigation(_ action: NavigationAction) -> Action { Action(action) }
}
