import Foundation

/// A source of popular videos: Pexels or the embedded demo list.
public protocol VideoProvider: Sendable {
  var name: String { get }
  /// One page of popular videos.
  func popular(perPage: Int) async -> Result<[Video], RequestFailure>
}

/// Pexels videos: `GET {base}/videos/popular` (not under `/v1` like photos), `Authorization: <key>`.
public struct PexelsVideoProvider: VideoProvider {
  public let name = "pexels"
  public var baseURL: String
  public var apiKey: String?
  public var http: any HTTPClient
  public var timeout: Double

  public init(
    baseURL: String = PexelsProvider.defaultBaseURL, apiKey: String?, http: any HTTPClient,
    timeout: Double = 15
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.http = http
    self.timeout = timeout
  }

  struct Response: Decodable { let videos: [Item] }
  struct Item: Decodable {
    let id: Int
    let duration: Int?
    let url: String?
    let image: String?
    let user: User?
    let video_files: [File]?
    let video_pictures: [Picture]?
  }
  struct User: Decodable {
    let name: String?
    let url: String?
  }
  struct File: Decodable {
    let quality: String?
    let file_type: String?
    let width: Int?
    let height: Int?
    let fps: Double?
    let link: String?
  }
  struct Picture: Decodable { let picture: String? }

  public func popular(perPage: Int) async -> Result<[Video], RequestFailure> {
    guard let apiKey, !apiKey.isEmpty else {
      return .failure(RequestFailure(kind: .misconfigured, setting: "PEXELS_API_KEY"))
    }
    guard
      let url = Endpoint.url(
        base: baseURL, path: "/videos/popular",
        query: [("per_page", String(min(80, max(1, perPage)))), ("page", "1")])
    else {
      return .failure(RequestFailure(kind: .malformed, detail: "PEXELS_BASE_URL is not an http(s) URL"))
    }
    let request = HTTPRequest(url: url, headers: ["Authorization": apiKey], timeout: timeout)
    return ProviderDecoding.decode(Response.self, await http.send(request)).map {
      $0.videos.compactMap(Self.map)
    }
  }

  /// API → display model; a video without a poster or a usable file is skipped.
  static func map(_ item: Item) -> Video? {
    let files = (item.video_files ?? []).compactMap { f -> VideoFile? in
      guard let link = ProviderDecoding.webURL(f.link) else { return nil }
      return VideoFile(
        quality: f.quality ?? "sd", fileType: f.file_type ?? "video/mp4", width: f.width, height: f.height,
        fps: f.fps.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }, link: link)
    }
    guard !files.isEmpty,
      let poster = ProviderDecoding.firstWebURL(item.image, item.video_pictures?.first?.picture)
    else { return nil }
    return Video(
      id: item.id, duration: max(0, item.duration ?? 0), posterURL: poster,
      author: item.user?.name ?? "unknown",
      authorURL: ProviderDecoding.webURL(item.user?.url), pageURL: ProviderDecoding.webURL(item.url),
      files: files)
  }
}

/// Five embedded videos with `demo://` links. The core never fetches video bytes; a frontend
/// that plays one gets its MP4 from `DemoClip.mp4(for:)` (gallery-web serves it at `/demo/…`).
public struct DemoVideos: VideoProvider {
  public let name = "demo"
  public init() {}

  public static let videos: [Video] = (1...5).map { n in
    Video(
      id: 9000 + n, duration: 8 + n * 3, posterURL: "demo://photo/\(n * 11)/large",
      author: "Demo Author \(n)",
      authorURL: "https://example.com/demo-author-\(n)", pageURL: "https://example.com/demo-video-\(n)",
      files: [
        VideoFile(
          quality: "sd", fileType: "video/mp4", width: 640, height: 360, fps: 25,
          link: "demo://video/\(n)/sd.mp4"),
        VideoFile(
          quality: "sd", fileType: "video/mp4", width: 960, height: 540, fps: 29.97,
          link: "demo://video/\(n)/sd540.mp4"),
        VideoFile(
          quality: "hd", fileType: "video/mp4", width: 1280, height: 720, fps: 29.97,
          link: "demo://video/\(n)/hd.mp4"),
        VideoFile(
          quality: "hd", fileType: "video/mp4", width: 1920, height: 1080, fps: nil,
          link: "demo://video/\(n)/hd1080.mp4"),
        VideoFile(
          quality: "uhd", fileType: "video/mp4", width: 3840, height: 2160, fps: 23.976,
          link: "demo://video/\(n)/uhd.mp4"),
        VideoFile(
          quality: "hls", fileType: "application/x-mpegURL", width: nil, height: nil, fps: nil,
          link: "demo://video/\(n)/stream.m3u8"),
      ])
  }

  public func popular(perPage: Int) async -> Result<[Video], RequestFailure> { .success(Self.videos) }
}

/// Where the environment keeps the video provider.
public enum VideoProviderKey: ProviderKey {
  public static var defaultValue: any VideoProvider { DemoVideos() }
}

extension GalleryEnvironment {
  /// Popular videos (Pexels or the demo).
  public var video: any VideoProvider {
    get { self[VideoProviderKey.self] }
    set { self[VideoProviderKey.self] = newValue }
  }
}
