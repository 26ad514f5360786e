/// What a frontend asks of the albums screens.
public enum AlbumsAction: Codable, Equatable, Sendable {
  case load
  case setSearch(String)
  case open(albumID: Int)
  case openPhoto(photoID: Int)
  case retry
  /// Runtime, at start: restart loads the last process left in flight.
  case resume
}

extension AlbumsAction: FeatureAction {
  typealias Feature = AlbumsFeature
}

extension Action {
  /// An action of the albums feature.
  public static func albums(_ action: AlbumsAction) -> Action { Action(action) }
}
