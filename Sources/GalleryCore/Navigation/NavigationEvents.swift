/// Navigation facts recorded in the log.
public enum NavigationEvents {
  static let all: [any EventPayload.Type] = [WentBack.self]

  /// The top screen was popped.
  public struct WentBack: EventPayload {
    public static let type = "nav.back"
    /// The screen that was popped.
    public var from: Route.Screen

    public init(from: Route.Screen) {
      self.from = from
    }
  }
}
