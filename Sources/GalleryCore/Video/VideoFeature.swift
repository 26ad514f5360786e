/// The Pexels App's random video: a pick from the popular list, never downloaded by us.
enum VideoFeature: TakesActions, RunsEffects, HasScreens, HasProviders, Resumes, Demonstrates {
  static let name = "video"
  /// The demo videos' MP4 files (`demo://video/N/NAME.mp4`), made from their link.
  static let demoFiles = [
    DemoFileSource(prefix: "demo://video/", contentType: "video/mp4", keepsLast: true) {
      DemoClip.mp4(for: $0)
    }
  ]
  static func decide(_ action: VideoAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .playRandom(let wish):
      if let q = wish.quality, !VideoWish.qualities.contains(q) {
        throw Rejection("video.badQuality")
      }
      for side in [wish.width, wish.height].compactMap({ $0 }) where !(1...16384).contains(side) {
        throw Rejection("video.badScreen")
      }
      return [Event(VideoEvents.Requested(requestID: state.nextRequestID, wish: wish))]
    }
  }

  static let providerKeys: [any ProviderKey.Type] = [VideoProviderKey.self]

  static let events: [any EventPayload.Type] = VideoEvents.all

  static func retryAreas(of action: VideoAction) -> [ProviderArea] {
    switch action {
    case .playRandom: return [.video]
    }
  }

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
      state.observe(.video, nil)
    },
    .fold(VideoEvents.Failed.self) { state, e in
      guard state.video.requestID == e.requestID else { return }
      state.video.requestID = nil
      state.video.status = .failed
      let retry = Retry("video/playRandom", state.video.wish.params)
      state.video.error = state.message(for: e.failure).retrying(retry.method, retry.params)
      state.observe(.video, e.failure, retry: retry)
    },
    // Back online, a pick that failed for want of a network is asked again, with its wish.
    .plan(FeedEvents.ConnectivityChanged.self) { e, state in
      guard e.online, state.video.status == .failed, state.video.error?.saysOffline == true else { return [] }
      return [.dispatch(.video(.playRandom(state.video.wish)))]
    },
    .plan(VideoEvents.Requested.self) { e, state in
      state.load(.video(.pickRandom(requestID: e.requestID))) {
        VideoEvents.Failed(requestID: e.requestID, failure: $0)
      }
    },
  ]

  /// A pick the last process left in flight is asked again (startup action).
  static func interruptedWork(_ state: AppState) -> [Event] {
    guard state.video.status == .loading else { return [] }
    return [Event(VideoEvents.Requested(requestID: state.nextRequestID, wish: state.video.wish))]
  }
}

extension VideoFeature {
  /// `/video`, patched as one value.
  static let stateParts: [StatePart] = [.value("video") { $0.$video }]
}

extension VideoFeature {
  /// A changed provider is asked on the next pick.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] { [] }
  /// A pick in flight is asked again (`interruptedWork`); nothing else to send or restart.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
}
