/// What the runtime asks of the requests every feature shares (no frontend method sends it).
public enum RequestsAction: Codable, Equatable, Sendable {
  /// Runtime: the wait `area` was asked for, ending at `until`, is over by the core's clock.
  case waitElapsed(area: ProviderArea, until: String)
}

extension RequestsAction: FeatureAction {
  typealias Feature = RequestsFeature
}

extension Action {
  /// An action of the requests feature.
  public static func requests(_ action: RequestsAction) -> Action { Action(action) }
}
