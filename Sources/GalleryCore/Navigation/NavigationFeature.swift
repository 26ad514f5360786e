/// Decides and reduces navigation: back, the top-level screens (tabs) and the app's shape.
/// Each feature closes its own pushed screen and loads its own tab when shown.
enum NavigationFeature: TakesActions {
  static let name = "navigation"
  static func decide(_ action: NavigationAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .back:
      guard state.route.count > 1, let top = state.route.last else {
        throw Rejection("nav.atRoot")
      }
      guard !(top.screen == .registration && state.registration.isSubmitting) else {
        throw Rejection("nav.busy")
      }
      return [Event(NavigationEvents.WentBack(from: top.screen))]
    case .open(let tab):
      guard state.shape.signIn == .none || state.session.status == .signedIn else {
        throw Rejection("nav.signInFirst", ["screen": tab.rawValue])
      }
      guard state.tab != tab else { return [] }
      return [Event(NavigationEvents.Opened(tab: tab))]
    case .adoptShape(let shape):
      guard AppShape.homes.contains(shape.home) else {
        throw Rejection(
          "nav.badHome",
          ["screen": shape.home.rawValue, "homes": AppShape.homes.map(\.rawValue).joined(separator: ", ")])
      }
      return shape == state.shape ? [] : [Event(NavigationEvents.ShapeChosen(shape: shape))]
    }
  }

  static let events: [any EventPayload.Type] = NavigationEvents.all

  static let handlers: [EventHandler] = [
    .fold(NavigationEvents.WentBack.self) { state, _ in state.goBack() },
    .fold(NavigationEvents.Opened.self) { state, e in state.show(e.tab) },
    .fold(NavigationEvents.ShapeChosen.self) { state, e in
      state.shape = e.shape
      guard state.session.status != .signedIn else { return }
      switch e.shape.signIn {
      case .none:
        if [.login, .registration].contains(state.route.first?.screen) || state.route.isEmpty {
          state.show(e.shape.home)
        }
      case .required:
        state.showSignIn()
      }
    },
    .fold(NavigationEvents.ScreensClosed.self) { state, _ in state.closePushedScreens() },
  ]
}

extension NavigationFeature {
  /// `/route` (patched screen by screen) and `/shape`.
  static let stateParts: [StatePart] = [
    .list("route") { $0.$route },
    .value("shape") { $0.$shape },
  ]
}
