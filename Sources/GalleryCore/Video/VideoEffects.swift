/// The random video's effect, as data.
public enum VideoEffect: Codable, Equatable, Sendable {
  /// Fetch popular videos and record one picked at random (`video.picked`) or the failure.
  case pickRandom(requestID: Int)
}

/// The random video's effect: popular videos fetched, one picked at random and recorded.
extension VideoFeature {
  /// How many popular videos the random pick draws from.
  static let candidates = 40

  static func run(_ effect: VideoEffect, in runtime: EffectRuntime) {
    guard case .pickRandom(let requestID) = effect else { return }
    runtime.run { [environment = runtime.environment, random = runtime.random] in
      switch await environment.video.popular(perPage: candidates) {
      case .failure(let failure): return [Event(VideoEvents.Failed(requestID: requestID, failure: failure))]
      case .success(let videos):
        guard !videos.isEmpty else {
          let none = RequestFailure(
            kind: .empty, detail: "the provider listed no playable videos", reason: "video.noneListed")
          return [Event(VideoEvents.Failed(requestID: requestID, failure: none))]
        }
        // The one nondeterministic choice: recorded, so replay shows the same video.
        let index = random.int(below: videos.count)
        return [
          Event(
            VideoEvents.Picked(
              requestID: requestID, video: videos[index], index: index, candidates: videos.count))
        ]
      }
    }
  }
}

extension VideoEffect: FeatureEffect {
  typealias Feature = VideoFeature
}

extension Effect {
  /// An effect of the video feature.
  public static func video(_ effect: VideoEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension VideoEffect {
  /// What a rerun answers: the random pick (the list and the die).
  var asked: RequestTag? {
    switch self {
    case .pickRandom(let requestID): RequestTag("video pick", requestID)
    }
  }
}
