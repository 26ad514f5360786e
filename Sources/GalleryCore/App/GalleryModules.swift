/// The app: its features, in the order they see an event that several of them handle.
/// Adding a feature is one line here (plus its part of `AppState` and `Action`).
enum GalleryModules {
  static let all: [any FeatureModule.Type] = [
    LogFeature.self,
    SettingsFeature.self,
    AuthFeature.self,
    NavigationFeature.self,
    FeedFeature.self,
    AlbumsFeature.self,
    AccountFeature.self,
    VideoFeature.self,
  ]
}
