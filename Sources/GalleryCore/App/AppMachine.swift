/// The state machine: decide (action → events or a rejection), reduce (state + event →
/// state, pure and total), plan (event → effects), and recover (in-flight work after a restart).
/// A feature plugs in by adding its branch to each of the four.
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
    AuthFeature.reduce(&next, event.payload)
    NavigationFeature.reduce(&next, event.payload)
    FeedFeature.reduce(&next, event.payload)
    AlbumsFeature.reduce(&next, event.payload)
    // These features fold only their own events: a prefix test spares every other event
    // their chains of casts (a keystroke pays for each `case let e as T`).
    switch Feature(event.type) {
    case .account: AccountFeature.reduce(&next, event.payload)
    case .video: VideoFeature.reduce(&next, event.payload)
    case .settings: SettingsFeature.reduce(&next, event.payload)
    case .other: break
    }
  }

  /// The features whose reducers and effects see only their own events.
  private enum Feature {
    case account, video, settings, other
    init(_ type: String) {
      if type.hasPrefix("account.") {
        self = .account
      } else if type.hasPrefix("video.") {
        self = .video
      } else if type.hasPrefix("settings.") {
        self = .settings
      } else {
        self = .other
      }
    }
  }

  /// The effects `event` starts, given the state it produced.
  public static func effects(of event: Event, in state: AppState) -> [Effect] {
    let shared =
      AuthFeature.effects(event.payload, state) + FeedFeature.effects(event.payload, state)
      + AlbumsFeature.effects(event.payload, state)
    switch Feature(event.type) {
    case .account: return shared + AccountFeature.effects(event.payload, state)
    case .video: return shared + VideoFeature.effects(event.payload, state)
    case .settings: return shared + SettingsFeature.effects(event.payload, state)
    case .other: return shared
    }
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
