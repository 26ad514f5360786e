/// The state machine: decide (action → events or a rejection), reduce (state + event →
/// state, pure and total), plan (event → effects), and recover (in-flight work after a restart).
/// A feature plugs in by adding its branch to decide and recover, and its fold and effects to
/// `EventRoutes`.
public enum AppMachine {
  /// The events an action records, or why it was refused.
  public static func decide(_ action: Action, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .auth(let a): return try AuthFeature.decide(a, state)
    case .navigation(let a): return try NavigationFeature.decide(a, state)
    case .feed(let a): return try FeedFeature.decide(a, state)
    case .albums(let a): return try AlbumsFeature.decide(a, state)
    case .account(let a): return try AccountFeature.decide(a, state)
    case .video(let a): return try VideoFeature.decide(a, state)
    case .settings(let a): return try SettingsFeature.decide(a, state)
    }
  }

  /// Folds one event into the state. Never fails: an event that no longer applies is ignored.
  public static func reduce(_ state: AppState, _ event: Event) -> AppState {
    var next = state
    reduce(into: &next, event)
    return next
  }

  /// Folds one event into `state` in place (no copy of what the event does not touch).
  public static func reduce(into next: inout AppState, _ event: Event) {
    for feature in EventRoutes.features(seeing: event.payload) { feature.reduce(&next, event.payload) }
  }

  /// The effects `event` starts, given the state it produced.
  public static func effects(of event: Event, in state: AppState) -> [Effect] {
    EventRoutes.features(seeing: event.payload).flatMap { $0.effects(event.payload, state) }
  }

  /// Actions the runtime sends once the state is recovered: each feature resumes or closes
  /// what the last process left in flight, with the providers now configured.
  public static func startupActions(_ environment: GalleryEnvironment) -> [Action] {
    let detect: [Action] = environment.locale.map { [.settings(.detectLanguage($0))] } ?? []
    return detect + [
      .settings(.adoptConfiguration(environment.providerSettings)),
      .feed(.start(provider: environment.feed.name)), .albums(.resume),
      .account(.start(environment.account.info)), .account(.resume),
    ]
  }

  /// Events that close work left in flight by a stopped process, so no spinner waits forever.
  public static func interruptedWork(_ state: AppState) -> [Event] {
    AuthFeature.interruptedWork(state) + AccountFeature.interruptedWork(state) + VideoFeature.resume(state)
  }
}
