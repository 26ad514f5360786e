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
}

/// Work to do outside the fold, described as data: planned from an event and the state it
/// produced, run by the `EffectRuntime` (the runtime's own cases) or by the feature's
/// `start`, whose results come back as events. Replay never runs them.
public enum Effect: Codable, Equatable, Sendable {
  /// Send an action through the store, as the frontend would (follow-up work).
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
