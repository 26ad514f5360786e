/// One screen on the navigation stack (`/route`, top last).
public struct Route: Codable, Equatable, Sendable {
  /// A screen. Each feature declares its own as static members in its folder
  /// and lists them in its module's `screens`; `Screen.all` is derived.
  public struct Screen: DeclaredName {
    public let rawValue: String

    /// Declares the screen named `rawValue` (a feature's static member).
    public init(declaring rawValue: String) { self.rawValue = rawValue }

    /// The declared screen named `rawValue`, or nil.
    public init?(rawValue: String) {
      guard Self.names.contains(rawValue) else { return nil }
      self.rawValue = rawValue
    }

    /// Every screen the modules declare, in module order.
    public static let all: [Screen] = GalleryModules.withScreens.flatMap { $0.screens }
    public static var declared: [Screen] { all }
    private static let names = Set(all.map(\.rawValue))
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
