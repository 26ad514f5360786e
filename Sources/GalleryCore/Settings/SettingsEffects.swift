import Foundation

/// The random video's and the settings' effects.
extension EffectRuntime {
  /// How many popular videos the random pick draws from.
  static let videoCandidates = 40

  /// Starts a video or settings effect; false if `effect` is neither.
  func startVideoOrSettings(_ effect: Effect) -> Bool {
    switch effect {
    case .pickRandomVideo(let requestID):
      run { [self] in
        switch await environment.video.popular(perPage: Self.videoCandidates) {
        case .failure(let failure): return [Event(VideoEvents.Failed(requestID: requestID, failure: failure))]
        case .success(let videos):
          guard !videos.isEmpty else {
            let none = RequestFailure(kind: .malformed, detail: "the provider listed no playable videos")
            return [Event(VideoEvents.Failed(requestID: requestID, failure: none))]
          }
          // The one nondeterministic choice: recorded, so replay shows the same video.
          let index = Int.random(in: 0..<videos.count)
          return [
            Event(
              VideoEvents.Picked(
                requestID: requestID, video: videos[index], index: index, candidates: videos.count))
          ]
        }
      }
    case .setImageCacheBudget(let megabytes):
      let evicted = cache.setBudget(megabytes * 1_000_000)
      if !evicted.isEmpty { run { [Event(FeedEvents.ImagesEvicted(paths: evicted))] } }
    case .useProviders(let settings):
      guard let next = useProviders(settings) else { break }
      // As at start-up: a feature whose provider changed starts over with the new one.
      run { [send] in
        send(.feed(.start(provider: next.feed.name)))
        send(.account(.start(next.account.info)))
        return []
      }
    default:
      return false
    }
    return true
  }
}
