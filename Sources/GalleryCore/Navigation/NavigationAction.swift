/// What a frontend asks of navigation.
public enum NavigationAction: Codable, Equatable, Sendable {
  /// Pops the top screen.
  case back
}
