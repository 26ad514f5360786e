/// Which image an image event is about: a list's small image, or the large one of an open
/// photo.
public enum ImageTarget: String, Codable, Sendable, CaseIterable { case thumbnail, detail }

/// The images' facts recorded in the log. Their type names begin with `feed.` because the
/// feed owned them first; logs written then replay unchanged.
public enum ImagesEvents {
  static let all: [any EventPayload.Type] = [
    ImagesRequested.self, ImagesCancelled.self, ImageLoaded.self, ImageFailed.self, ImagesEvicted.self,
  ]

  /// Image downloads started for these keys.
  public struct ImagesRequested: EventPayload {
    public static let type = "feed.imagesRequested"
    /// A failed image asked again is a retry (`images/retry`); thumbnails asked, a prefetch.
    public static let role: EventRole<Self> = .input(method: "images/prefetch, images/retry") { e, state in
      if e.keys.count == 1, ImagesFeature.image(state, e.keys[0], e.target)?.status == .failed {
        return .images(.retry(e.keys[0]))
      }
      return e.target == .thumbnail ? .images(.prefetch(e.keys)) : nil
    }
    public static let documented = EventDoc(
      data: #"`keys`, `target` (`thumbnail`/`detail`)"#,
      recordedWhen: #"image downloads started"#)
    public var keys: [String]
    public var target: ImageTarget
    public init(keys: [String], target: ImageTarget) {
      self.keys = keys
      self.target = target
    }
  }

  /// Image downloads cancelled (rows left the screen, the detail closed, or the process stopped).
  public struct ImagesCancelled: EventPayload {
    public static let type = "feed.imagesCancelled"
    public static let role: EventRole<Self> = .input(method: "images/cancel") { e, _ in
      e.target == .thumbnail ? .images(.cancelPrefetch(e.keys)) : nil
    }
    public static let documented = EventDoc(
      data: #"`keys`, `target`"#,
      recordedWhen: #"downloads cancelled (or, at start, closed: the last process stopped mid-download)"#)
    public var keys: [String]
    public var target: ImageTarget
    public init(keys: [String], target: ImageTarget) {
      self.keys = keys
      self.target = target
    }
  }

  /// An image is in the cache at `path`.
  public struct ImageLoaded: EventPayload {
    public static let type = "feed.imageLoaded"
    public static let role: EventRole<Self> = .result { ImagesEffect.tag($0.key, $0.target) }
    public static let documented = EventDoc(
      data: #"`key`, `target`, `path` (relative to the data directory)"#,
      recordedWhen: #"the image is in the cache"#)
    public var key: String
    public var target: ImageTarget
    public var path: String
    public init(key: String, target: ImageTarget, path: String) {
      self.key = key
      self.target = target
      self.path = path
    }
  }

  /// An image could not be loaded.
  public struct ImageFailed: CarriesFailure {
    public static let type = "feed.imageFailed"
    public static let role: EventRole<Self> = .result { ImagesEffect.tag($0.key, $0.target) }
    public static let documented = EventDoc(
      data: #"`key`, `target`, `failure`"#,
      recordedWhen: #"the image could not be loaded"#)
    public var key: String
    public var target: ImageTarget
    public var failure: RequestFailure
    public init(key: String, target: ImageTarget, failure: RequestFailure) {
      self.key = key
      self.target = target
      self.failure = failure
    }
  }

  /// The cache evicted these files; images shown from them must load again.
  public struct ImagesEvicted: EventPayload {
    public static let type = "feed.imagesEvicted"
    public static let role: EventRole<Self> = .result { _ in nil }
    public static let documented = EventDoc(
      data: #"`paths`"#,
      recordedWhen: #"the cache evicted these files"#)
    public var paths: [String]
    public init(paths: [String]) { self.paths = paths }
  }
}
