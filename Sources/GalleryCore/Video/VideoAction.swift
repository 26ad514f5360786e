/// What a frontend asks of the video screen.
public enum VideoAction: Codable, Equatable, Sendable {
  /// Fetch popular videos and play one at random, in the rendition best for `wish`.
  case playRandom(VideoWish)
}
