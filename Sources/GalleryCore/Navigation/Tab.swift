/// A top-level screen (`nav/open`): opening one makes it the root of `/route`, with the
/// screens pushed from it (an open photo, an open album) still above it.
public enum Tab: String, Codable, Sendable, CaseIterable {
  case feed, albums, account, video, settings

  /// The screen at the root of `/route` for this tab (the feed's is `home`).
  public var screen: Route.Screen {
    switch self {
    case .feed: return .home
    case .albums: return .albums
    case .account: return .account
    case .video: return .video
    case .settings: return .settings
    }
  }

  /// The tab whose root `screen` is, if it is one.
  public init?(root screen: Route.Screen) {
    guard let tab = Tab.allCases.first(where: { $0.screen == screen }) else { return nil }
    self = tab
  }

  /// The screens pushed from this tab that are still open, bottom first.
  func pushed(in state: AppState) -> [Route] {
    switch self {
    case .feed:
      return state.detail.map { [Route(.detail, id: $0.key)] } ?? []
    case .albums:
      guard let album = state.album else { return [] }
      return [Route(.album, id: String(album.id))]
        + (state.photo.map { [Route(.photo, id: String($0.photo.id))] } ?? [])
    case .account, .video, .settings:
      return []
    }
  }
}

extension AppState {
  /// The tab whose root is at the bottom of the route, if any.
  public var tab: Tab? { route.first.flatMap { Tab(root: $0.screen) } }

  /// Whether `screen` is the top of the route (where the actions that push from it are valid).
  func requireTop(_ screen: Route.Screen) throws(Rejection) {
    guard route.last?.screen == screen else {
      throw Rejection("nav.notShown", ["screen": screen.rawValue])
    }
  }
}
