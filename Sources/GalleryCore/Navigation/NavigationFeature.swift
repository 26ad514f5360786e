/// Decides and reduces navigation.
enum NavigationFeature: FeatureModule {
  static func decide(_ action: NavigationAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .back:
      guard state.route.count > 1, let top = state.route.last else {
        throw Rejection("nav.atRoot", "There is no screen to go back to.")
      }
      guard !(top.screen == .registration && state.registration.isSubmitting) else {
        throw Rejection("nav.busy", "Wait for the registration to finish.")
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
