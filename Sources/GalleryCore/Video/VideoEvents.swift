/// The video's facts recorded in the log; the random pick is one of them, so replay picks the same.
public enum VideoEvents {
  static let all: [any EventPayload.Type] = [Requested.self, Picked.self, Failed.self]

  public struct Requested: EventPayload {
    public static let type = "video.requested"
    public static let role: EventRole<Self> = .input(method: "video/playRandom") { e, _ in
      .video(.playRandom(e.wish))
    }
    public static let documented = EventDoc(
      data: #"`requestID`, `wish: {width, height, quality}`"#,
      recordedWhen: #"`video/playRandom` (or a restart redoing a pick left in flight)"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("video pick", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `video`, `index`, `candidates`"#,
      recordedWhen: #"the random pick: video `index` of `candidates` popular ones"#)
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

  public struct Failed: CarriesFailure {
    public static let type = "video.failed"
    public static let role: EventRole<Self> = .result { RequestTag("video pick", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the list could not be fetched (or was empty)"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }
}
