/// Everything a frontend can ask for, by feature.
public enum Action: Codable, Equatable, Sendable {
  case auth(AuthAction)
  case navigation(NavigationAction)
  case feed(FeedAction)
  case albums(AlbumsAction)

  /// A secret the action hands to the runtime's memory (never to the log).
  var secret: (AuthForm, Secret)? {
    if case .auth(.setPassword(let form, let secret)) = self { return (form, secret) }
    return nil
  }
}
