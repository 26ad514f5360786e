/// The moves of `/route`: Navigation alone writes it. A feature whose event opens or closes a
/// screen asks for the move here, from its fold, so the route's rules (a tab's root with what
/// it still shows above it, the sign-in screen as the root of a session-less app) stand in
/// one place. `RouteWritersTests` fails on a write of `route` outside `Navigation/`.
extension AppState {
  /// Puts `route` on top (a pushed screen: the detail, an album, registration).
  mutating func push(_ route: Route) { self.route.append(route) }

  /// Closes every open `screen` (a kept photo forgotten while open).
  mutating func close(_ screen: Route.Screen) { route.removeAll { $0.screen == screen } }

  /// Closes the top if it is `screen` and not the root (the detail's close).
  mutating func closeTop(_ screen: Route.Screen) {
    if route.last?.screen == screen, route.count > 1 { route.removeLast() }
  }

  /// Pops the top screen unless it is the root (`nav/back`).
  mutating func goBack() {
    guard route.count > 1 else { return }
    route.removeLast()
  }

  /// Shows `tab`: its root, with the screens pushed from it that are still open.
  mutating func show(_ tab: Tab) { route = [Route(tab.screen)] + tab.pushed(in: self) }

  /// Shows the sign-in screen alone (a session ends where the app requires one).
  mutating func showSignIn() { route = [Route(.login)] }

  /// Closes every screen a tab pushed; the sign-in screen if nothing is left.
  mutating func closePushedScreens() {
    route.removeAll { Tab.pushedScreens.contains($0.screen) }
    if route.isEmpty { showSignIn() }
  }
}
