/// What a frontend asks of the video screen.
public enum VideoAction: Codable, Equatable, Sendable {
  /// Fetch popular videos and play one at random, in the rendition best for `wish`.
  case playRandom(VideoWish)
}

/// The video's facts recorded in the log; the random pick is one of them, so replay picks the same.
public enum VideoEvents {
  static let all: [any EventPayload.Type] = [Requested.self, Picked.self, Failed.self]

  public struct Requested: EventPayload {
    public static let type = "video.requested"
    public var requestID: Int
    public var wish: VideoWish
    public init(requestID: Int, wish: VideoWish) {
      self.requestID = requestID
      self.wish = wish
    }
  }

  /// The video drawn at random: `index` of `candidates` popular ones.
  public struct Picked: EventPayload {
    public static let type = "video.picked"
    public var requestID: Int
    public var video: Video
    public var index: Int
    public var candidates: Int
    public init(requestID: Int, video: Video, index: Int, candidates: Int) {
      self.requestID = requestID
      self.video = video
      self.index = index
      self.candidates = candidates
    }
  }

  public struct Failed: EventPayload {
    public static let type = "video.failed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }
}

/// The Pexels App's random video: a pick from the popular list, never downloaded by us.
enum VideoFeature: FeatureModule {
  static func decide(_ action: VideoAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .playRandom(let wish):
      if let q = wish.quality, !VideoWish.qualities.contains(q) {
        throw Rejection("video.badQuality", "quality must be sd, hd, uhd or hls.")
      }
      for side in [wish.width, wish.height].compactMap({ $0 }) where !(1...16384).contains(side) {
        throw Rejection("video.badScreen", "width and height must be from 1 to 16384 pixels.")
      }
      return [Event(VideoEvents.Requested(requestID: state.nextRequestID, wish: wish))]
    }
  }

  static let providerKeys: [any ProviderKey.Type] = [VideoProviderKey.self]

  static let events: [any EventPayload.Type] = VideoEvents.all

  static let handlers: [EventHandler] = [
    .fold(VideoEvents.Requested.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.video.status = .loading
      state.video.requestID = e.requestID
      state.video.wish = e.wish
      state.video.error = nil
    },
    .fold(VideoEvents.Picked.self) { state, e in
      guard state.video.requestID == e.requestID else { return }
      state.video.requestID = nil
      state.video.video = e.video
      state.video.file = state.video.wish.bestFile(of: e.video.files)
      state.video.status = state.video.file == nil ? .failed : .ready
      state.video.error = state.video.file == nil ? state.message("video.noPlayableFile") : nil
    },
    .fold(VideoEvents.Failed.self) { state, e in
      guard state.video.requestID == e.requestID else { return }
      state.video.requestID = nil
      state.video.status = .failed
      state.video.error = state.message(for: e.failure)
    },
    .plan(VideoEvents.Requested.self) { e, _ in [.pickRandomVideo(requestID: e.requestID)] },
  ]

  /// A pick the last process left in flight is asked again (startup action).
  static func interruptedWork(_ state: AppState) -> [Event] {
    guard state.video.status == .loading else { return [] }
    return [Event(VideoEvents.Requested(requestID: state.nextRequestID, wish: state.video.wish))]
  }
}
