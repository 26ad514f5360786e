/// What a frontend (or the runtime, at start-up) asks of the images of any screen.
public enum ImagesAction: Codable, Equatable, Sendable {
  /// Start thumbnail downloads for rows about to show.
  case prefetch([String])
  /// Cancel thumbnail downloads no longer needed.
  case cancelPrefetch([String])
  /// Retry one failed image (its thumbnail, its large image, or both).
  case retry(String)
  /// Runtime, at start: downloads the last process left running are closed (thumbnails go
  /// back to not requested, large images of open photos are asked for again).
  case resume
}

extension ImagesAction: FeatureAction {
  typealias Feature = ImagesFeature
}

extension Action {
  /// An action of the images feature.
  public static func images(_ action: ImagesAction) -> Action { Action(action) }
}
