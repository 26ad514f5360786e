/// Navigation facts recorded in the log.
public enum NavigationEvents {
  static let all: [any EventPayload.Type] = [
    WentBack.self, Opened.self, ShapeChosen.self, ScreensClosed.self,
  ]

  /// The top screen was popped.
  public struct WentBack: EventPayload {
    public static let type = "nav.back"
    /// The screen that was popped.
    public var from: Route.Screen

    public init(from: Route.Screen) {
      self.from = from
    }
  }

  /// A top-level screen was opened: it became the root, below the screens pushed from it.
  public struct Opened: EventPayload {
    public static let type = "nav.opened"
    public var tab: Tab

    public init(tab: Tab) {
      self.tab = tab
    }
  }

  /// The frontend declared another shape for the app (sign-in, home screen).
  public struct ShapeChosen: EventPayload {
    public static let type = "nav.shapeChosen"
    public var shape: AppShape

    public init(shape: AppShape) {
      self.shape = shape
    }
  }

  /// The screens that need a session closed with it (the open photo, album, album photo).
  /// A separate event, so logs written before sign-out closed them replay as they were.
  public struct ScreensClosed: EventPayload {
    public static let type = "nav.screensClosed"
    /// Why: `signedOut`.
    public var reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }
}
