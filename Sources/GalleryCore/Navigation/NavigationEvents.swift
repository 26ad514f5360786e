/// Navigation facts recorded in the log.
public enum NavigationEvents {
  static let all: [any EventPayload.Type] = [
    WentBack.self, Opened.self, ShapeChosen.self, ScreensClosed.self,
  ]

  /// The top screen was popped.
  public struct WentBack: EventPayload {
    public static let type = "nav.back"
    public static let role: EventRole<Self> = .input(method: "nav/back") { _, _ in .navigation(.back) }
    public static let documented = EventDoc(
      data: #"`from` (the screen popped)"#,
      recordedWhen: #"the top screen was popped"#)
    /// The screen that was popped.
    public var from: Route.Screen

    public init(from: Route.Screen) {
      self.from = from
    }
  }

  /// A top-level screen was opened: it became the root, below the screens pushed from it.
  public struct Opened: EventPayload {
    public static let type = "nav.opened"
    public static let role: EventRole<Self> = .input(method: "nav/open") { e, _ in .navigation(.open(e.tab)) }
    public static let documented = EventDoc(
      data: #"`tab`"#,
      recordedWhen: #"a top-level screen became the root of the route (`nav/open`)"#)
    public var tab: Tab

    public init(tab: Tab) {
      self.tab = tab
    }
  }

  /// The frontend declared another shape for the app (sign-in, home screen).
  public struct ShapeChosen: EventPayload {
    public static let type = "nav.shapeChosen"
    public static let role: EventRole<Self> = .input(method: "initialize") { e, _ in
      .navigation(.adoptShape(e.shape))
    }
    public static let documented = EventDoc(
      data: #"`shape` (`signIn`, `home`)"#,
      recordedWhen: #"`initialize` declared another shape for the app"#)
    public var shape: AppShape

    public init(shape: AppShape) {
      self.shape = shape
    }
  }

  /// The screens that need a session closed with it (the open photo, album, album photo).
  /// A separate event, so logs written before sign-out closed them replay as they were.
  public struct ScreensClosed: EventPayload {
    public static let type = "nav.screensClosed"
    public static let role: EventRole<Self> = .decision
    public static let documented = EventDoc(
      data: #"`reason` (`signedOut`)"#,
      recordedWhen:
        #"the screens that need a session closed with it (logs written before this event existed replay with them open, as they were)"#
    )
    /// Why: `signedOut`.
    public var reason: String

    public init(reason: String) {
      self.reason = reason
    }
  }
}
