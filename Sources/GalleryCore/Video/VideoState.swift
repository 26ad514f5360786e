/// The video screen: the random pick and the rendition chosen for this screen.
public struct VideoState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable { case idle, loading, ready, failed }
  public var status = Status.idle
  @CoreOnly @Nullable public var requestID: Int? = nil
  public var wish = VideoWish()
  @Nullable public var video: Video? = nil
  /// The rendition to play (nil when no file is usable).
  @Nullable public var file: VideoFile? = nil
  @Nullable public var error: Message? = nil

  public init() {}
}

extension VideoState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: VideoState { VideoState() }
}
