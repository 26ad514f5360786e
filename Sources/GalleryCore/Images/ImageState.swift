/// Where an image is: not asked for, downloading, on disk, or failed (never a spinner forever).
public struct ImageState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable { case notRequested, loading, loaded, failed }
  public var status: Status = .notRequested
  /// The file in the image cache, once loaded.
  @Nullable public var path: String?
  @Nullable public var error: Message?

  public init(status: Status = .notRequested, path: String? = nil, error: Message? = nil) {
    self.status = status
    self.path = path
    self.error = error
  }
}

extension ImageState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: ImageState { ImageState() }
}
