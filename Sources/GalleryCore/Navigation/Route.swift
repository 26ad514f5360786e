/// One screen on the navigation stack (`/route`, top last).
public struct Route: Codable, Equatable, Sendable {
  public enum Screen: String, Codable, Sendable {
    case login, registration, home, detail, album, photo
    /// The top-level screens other than the feed (`home`): the roots `nav/open` makes.
    case albums, account, video, settings
  }
  public var screen: Screen
  /// What the screen shows, for screens about one thing (a photo's key, an album's id).
  @Nullable public var id: String?

  public init(_ screen: Screen, id: String? = nil) {
    self.screen = screen
    self.id = id
  }
}

extension Route: PersistedDefaults {
  /// The sign-in screen.
  public static var persistedDefaults: Route { Route(.login) }
}
