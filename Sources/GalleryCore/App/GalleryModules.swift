/// The app's composition: its features, in the order they see an event that several of
/// them handle, and the actions a frontend can send to each. Adding a feature is one line
/// in `all` (and its member of `AppState`).
enum GalleryModules {
  static let all: [any FeatureModule.Type] = [
    LogFeature.self,
    SettingsFeature.self,
    AuthFeature.self,
    NavigationFeature.self,
    FeedFeature.self,
    ImagesFeature.self,
    AlbumsFeature.self,
    AccountFeature.self,
    VideoFeature.self,
    FavoritesFeature.self,
    RequestsFeature.self,
  ]

  // Each capability gathered once, in module order, from `all`: what a feature opts into is
  // found by its conformance (`FeatureModule.asShowsImages`, …, answered by the capability's
  // own extension: no cast), never by a list kept beside it.

  /// The features a frontend or the runtime can send actions to.
  static let takingActions = all.compactMap { $0.asTakesActions }
  /// The features with effects of their own.
  static let runningEffects = all.compactMap { $0.asRunsEffects }
  /// The features that show photos.
  static let showingImages = all.compactMap { $0.asShowsImages }
  /// The features with screens.
  static let withScreens = all.compactMap { $0.asHasScreens }
  /// The features that ask providers.
  static let withProviders = all.compactMap { $0.asHasProviders }
  /// The features that keep files, credentials or state upgrades.
  static let keepingFiles = all.compactMap { $0.asKeepsFiles }
  /// The features with work that outlives a process.
  static let resuming = all.compactMap { $0.asResumes }
  /// The features in the demo walk or served by the demo providers.
  static let demonstrating = all.compactMap { $0.asDemonstrates }
}

extension TakesActions {
  /// How `Action` reads its actions.
  static var actionReader: FeatureValueReader<Action> { Actions.reader { Action($0) } }
}

extension RunsEffects {
  /// How `AnyFeatureEffect` reads its effects.
  static var effectReader: FeatureValueReader<AnyFeatureEffect> { Effects.reader { AnyFeatureEffect($0) } }
}

/// Work to do outside the fold, described as data: planned from an event and the state it
/// produced, run by the `EffectRuntime` (the runtime's own cases) or by the feature's
/// `start`, whose results come back as events. Replay never runs them.
public enum Effect: Codable, Equatable, Sendable {
  /// Send an action through the store, as the frontend would (follow-up work). Planned by an
  /// append, it is decided within that append (`Store.maxFollowUps` of them), so its events
  /// join the same change and a client never sees the step between.
  case dispatch(Action)
  /// After `milliseconds`, send `then` (a timer firing enters the log through its action's events).
  case startTimer(id: Int, milliseconds: Int, then: Action)
  /// After `milliseconds`, send `then`. Unlike a timer it is not work in flight (idle,
  /// settle and shutdown do not wait for it): the end of a wait a server asked for.
  case deadline(milliseconds: Int, then: Action)
  /// Record `events` as the result of work that needs no provider (a load the frontend's
  /// declared offline makes fail at once); they come back by the same path as any result.
  case record([Event])
  /// One feature's effect, run by that feature's `start`.
  case feature(AnyFeatureEffect)
}

extension Effect {
  /// The request it makes of a service, the clock or the device: what a rerun answers from
  /// the recording (`Rerun`); nil for what it runs as it is (follow-ups, local work).
  var asked: RequestTag? {
    switch self {
    case .dispatch, .record: nil
    case .startTimer(let id, _, _): .timer(id)
    case .deadline(_, let action): .deadline(action)
    case .feature(let effect): effect.body.asked
    }
  }
}
