/// A video as a provider lists it: every rendition, a poster, the author for attribution.
public struct Video: Codable, Equatable, Sendable {
  public var id: Int
  /// Seconds.
  public var duration: Int
  /// The poster picture (a still of the video).
  public var posterURL: String
  public var author: String
  @Nullable public var authorURL: String? = nil
  /// The video's page at the provider (for attribution).
  @Nullable public var pageURL: String? = nil
  public var files: [VideoFile]

  public init(
    id: Int, duration: Int, posterURL: String, author: String, authorURL: String? = nil,
    pageURL: String? = nil,
    files: [VideoFile]
  ) {
    self.id = id
    self.duration = duration
    self.posterURL = posterURL
    self.author = author
    self.authorURL = authorURL
    self.pageURL = pageURL
    self.files = files
  }
}

/// One rendition of a video: a link a player streams (we never download it).
public struct VideoFile: Codable, Equatable, Sendable {
  /// `sd`, `hd`, `uhd` or `hls` (Pexels' words); anything else is kept as given.
  public var quality: String
  public var fileType: String
  @Nullable public var width: Int? = nil
  @Nullable public var height: Int? = nil
  /// Frames per second; may be fractional (29.97) or unknown.
  @Nullable public var fps: Double? = nil
  public var link: String

  public init(quality: String, fileType: String, width: Int?, height: Int?, fps: Double?, link: String) {
    self.quality = quality
    self.fileType = fileType
    self.width = width
    self.height = height
    self.fps = fps
    self.link = link
  }

  var isStream: Bool { quality == "hls" || fileType.lowercased().contains("mpegurl") }
}

/// What the frontend's player can show: its screen in pixels and the quality it asks for.
public struct VideoWish: Codable, Equatable, Sendable {
  @Nullable public var width: Int? = nil
  @Nullable public var height: Int? = nil
  /// `sd`, `hd`, `uhd`, `hls`, or nil for the best that fits the screen.
  @Nullable public var quality: String? = nil

  /// The wish as `video/playRandom` takes it (what retries a failed pick).
  var params: [String: JSONValue] {
    var params: [String: JSONValue] = [:]
    if let width { params["width"] = .number(Double(width)) }
    if let height { params["height"] = .number(Double(height)) }
    if let quality { params["quality"] = .string(quality) }
    return params
  }

  public init(width: Int? = nil, height: Int? = nil, quality: String? = nil) {
    self.width = width
    self.height = height
    self.quality = quality
  }

  public static let qualities = ["sd", "hd", "uhd", "hls"]

  /// The rendition to play: the requested quality if there is one (else any progressive
  /// file); among those, the smallest that covers the screen, else the largest. `hls` asks
  /// for the adaptive stream, falling back to progressive files.
  public func bestFile(of files: [VideoFile]) -> VideoFile? {
    let usable = files.filter { ProviderDecoding.webURL($0.link) != nil || $0.link.hasPrefix("demo://") }
    if quality == "hls", let stream = usable.first(where: \.isStream) { return stream }
    let progressive = usable.filter { !$0.isStream }
    let pool =
      quality.flatMap { q in Optional(progressive.filter { $0.quality == q }) }.flatMap {
        $0.isEmpty ? nil : $0
      }
      ?? (progressive.isEmpty ? usable : progressive)
    func area(_ f: VideoFile) -> Int { (f.width ?? 0) * (f.height ?? 0) }
    let bySize = pool.sorted { area($0) != area($1) ? area($0) < area($1) : ($0.fps ?? 0) > ($1.fps ?? 0) }
    guard let width, let height, width > 0, height > 0 else { return bySize.last }
    // A screen in either orientation is covered when both sides are.
    let (long, short) = (max(width, height), min(width, height))
    let covering = bySize.first { f in
      let (fl, fs) = (max(f.width ?? 0, f.height ?? 0), min(f.width ?? 0, f.height ?? 0))
      return fl >= long && fs >= short
    }
    return covering ?? bySize.last
  }
}

extension Video: PersistedDefaults {
  /// Id 0, no length, no texts, no files.
  public static var persistedDefaults: Video {
    Video(id: 0, duration: 0, posterURL: "", author: "", files: [])
  }
}

extension VideoFile: PersistedDefaults {
  /// Empty texts, no size or rate.
  public static var persistedDefaults: VideoFile {
    VideoFile(quality: "", fileType: "", width: nil, height: nil, fps: nil, link: "")
  }
}

extension VideoWish: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: VideoWish { VideoWish() }
}

extension Video: SchemaNamed {
  /// `Video` is the screen's state (`/video`); the clip it shows is `VideoClip`.
  public static var schemaName: String { "VideoClip" }
}
