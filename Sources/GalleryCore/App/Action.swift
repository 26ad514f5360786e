/// Everything a frontend can ask for, by feature.
public enum Action: Codable, Equatable, Sendable {
  case auth(AuthAction)
  case navigation(NavigationAction)
  case feed(FeedAction)
  case albums(AlbumsAction)
  case account(AccountAction)
  case video(VideoAction)
  case settings(SettingsAction)

  /// A secret the action hands to the runtime's memory (never to the log).
  var secret: (AuthForm, Secret)? {
    if case .auth(.setPassword(let form, let secret)) = self { return (form, secret) }
    return nil
  }

  /// The redirect URL of a completed browser sign-in (it carries tokens: memory only).
  var accountRedirect: Secret? {
    if case .account(.completeLogin(let url)) = self { return url }
    return nil
  }
}
