/// Decides and reduces navigation.
enum NavigationFeature: FeatureModule {
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
    }
  }

  static let events: [any EventPayload.Type] = NavigationEvents.all

  static let handlers: [EventHandler] = [
    .fold(NavigationEvents.WentBack.self) { state, _ in
      guard state.route.count > 1 else { return }
      state.route.removeLast()
    }
  ]
}
