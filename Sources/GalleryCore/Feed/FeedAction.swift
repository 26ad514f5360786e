/// What a frontend (or the runtime, for timers and start-up) asks of the feed.
public enum FeedAction: Codable, Equatable, Sendable {
  /// Search as the user types (debounced).
  case setQuery(String)
  /// Reload the first page.
  case refresh
  /// Append the next page.
  case loadMore
  /// Open a photo's detail screen.
  case openDetail(String)
  /// Close the detail screen.
  case closeDetail
  /// The device went online or offline.
  case setConnectivity(online: Bool)
  /// Runtime: the debounce timer `id` fired.
  case debounceElapsed(Int)
  /// Runtime: the process started with `provider` configured; resumes or closes work the
  /// last process left in flight and refreshes the home screen.
  case start(provider: String)
}

extension FeedAction: FeatureAction {
  typealias Feature = FeedFeature
}

extension Action {
  /// An action of the feed feature.
  public static func feed(_ action: FeedAction) -> Action { Action(action) }
}
