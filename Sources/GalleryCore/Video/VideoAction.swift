/// What a frontend asks of the video screen.
public enum VideoAction: Codable, Equatable, Sendable {
  /// Fetch popular videos and play one at random, in the rendition best for `wish`.
  case playRandom(VideoWish)
}

extension VideoAction: FeatureAction {
  typealias Feature = VideoFeature
}

extension Action {
  /// An action of the video feature.
  public static func video(_ action: VideoAction) -> Action { Action(action) }
}
