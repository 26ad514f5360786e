/// A top-level screen (`nav/open`): opening one makes it the root of `/route`, with the
/// screens pushed from it (an open photo, an open album) still above it. Each feature that
/// has one declares it in its folder (`TabDeclaration`, its module's `tab`); the list of
/// tabs, their order and which can be home are derived from the modules.
public struct Tab: DeclaredName {
  public let rawValue: String

  /// Declares the tab named `rawValue` (a feature's static member in its folder).
  public init(declaring rawValue: String) { self.rawValue = rawValue }

  /// The declared tab named `rawValue`, or nil.
  public init?(rawValue: String) {
    guard let declared = Self.declarations.first(where: { $0.tab.rawValue == rawValue }) else { return nil }
    self = declared.tab
  }

  /// Every tab, in tab-bar order.
  public static var allCases: [Tab] { declarations.map(\.tab) }
  public static var declared: [Tab] { allCases }

  /// The tabs that may be home (`/shape/home`), in tab-bar order.
  public static var homes: [Tab] { declarations.filter(\.canBeHome).map(\.tab) }

  /// Every module's tab, in tab-bar order.
  static let declarations: [TabDeclaration] = GalleryModules.withScreens.compactMap { $0.tab }.sorted {
    $0.order < $1.order
  }

  private var declaration: TabDeclaration {
    guard let declared = Self.declarations.first(where: { $0.tab == self }) else {
      preconditionFailure("tab \(rawValue) is named but no module declares it")
    }
    return declared
  }

  /// The screen at the root of `/route` for this tab (the feed's is `home`).
  public var screen: Route.Screen { declaration.root }

  /// The tab whose root `screen` is, if it is one.
  public init?(root screen: Route.Screen) {
    guard let declared = Self.declarations.first(where: { $0.root == screen }) else { return nil }
    self = declared.tab
  }

  /// Every screen it can push above its root.
  public var pushes: [Route.Screen] { declaration.pushes }

  /// Whether an app may start on it (`initializationOptions.home`).
  public var canBeHome: Bool { declaration.canBeHome }

  /// The screens pushed from this tab that are still open, bottom first.
  func pushed(in state: AppState) -> [Route] { declaration.pushed(state) }

  /// Every screen some tab pushes (closed when the session ends).
  static let pushedScreens: Set<Route.Screen> = Set(declarations.flatMap(\.pushes))
}

/// A feature's top-level screen, declared once by its module (`HasScreens.tab`).
public struct TabDeclaration: Sendable {
  public let tab: Tab
  /// The screen at the root of `/route` when it is open.
  public let root: Route.Screen
  /// Its place in the tab bar, lower first (tens, so a new tab fits between two).
  public let order: Int
  /// Whether an app may start on it (`initializationOptions.home`).
  public let canBeHome: Bool
  /// Every screen it can push above its root.
  public let pushes: [Route.Screen]
  /// The screens pushed from it that are still open in `state`, bottom first.
  let pushed: @Sendable (AppState) -> [Route]

  init(
    _ tab: Tab, root: Route.Screen, order: Int, canBeHome: Bool = true, pushes: [Route.Screen] = [],
    pushed: @escaping @Sendable (AppState) -> [Route] = { _ in [] }
  ) {
    self.tab = tab
    self.root = root
    self.order = order
    self.canBeHome = canBeHome
    self.pushes = pushes
    self.pushed = pushed
  }
}

extension AppState {
  /// The tab whose root is at the bottom of the route, if any.
  public var tab: Tab? { route.first.flatMap { Tab(root: $0.screen) } }

  /// Whether `screen` is the top of the route (where the actions that push from it are valid).
  func requireTop(_ screen: Route.Screen) throws(Rejection) {
    guard route.last?.screen == screen else {
      throw Rejection("nav.notShown", ["screen": screen.rawValue])
    }
  }
}
