/// The app's composition: its features, in the order they see an event that several of
/// them handle, and the actions a frontend can send to each. Adding a feature is one line
/// in `all`, one case in `Action` (and its part of `AppState`).
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

/// Everything a frontend can ask for, by feature.
public enum Action: Codable, Equatable, Sendable {
  case auth(AuthAction)
  case navigation(NavigationAction)
  case feed(FeedAction)
  case images(ImagesAction)
  case albums(AlbumsAction)
  case account(AccountAction)
  case video(VideoAction)
  case settings(SettingsAction)
  case requests(RequestsAction)
  case favorites(FavoritesAction)

}

extension Action {
  /// The events the action's feature records for it, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event] {
    switch self {
    case .auth(let a): return try AuthFeature.decide(a, state)
    case .navigation(let a): return try NavigationFeature.decide(a, state)
    case .feed(let a): return try FeedFeature.decide(a, state)
    case .images(let a): return try ImagesFeature.decide(a, state)
    case .albums(let a): return try AlbumsFeature.decide(a, state)
    case .account(let a): return try AccountFeature.decide(a, state)
    case .video(let a): return try VideoFeature.decide(a, state)
    case .settings(let a): return try SettingsFeature.decide(a, state)
    case .requests(let a): return try RequestsFeature.decide(a, state)
    case .favorites(let a): return try FavoritesFeature.decide(a, state)
    }
  }
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
  case auth(AuthEffect)
  case feed(FeedEffect)
  case images(ImagesEffect)
  case albums(AlbumsEffect)
  case account(AccountEffect)
  case video(VideoEffect)
  case settings(SettingsEffect)
}
