import Foundation
import GalleryCore
import GalleryTesting

/// One fake server on 127.0.0.1 speaking every provider the five apps use, in their formats:
/// Pixabay (`/api/`), Pexels photos (`/v1/curated`, `/v1/search`) and videos
/// (`/videos/popular`), JSONPlaceholder (`/users`, `/albums`, `/photos`) and the images they
/// point at (`/img/N.png`). `faults` switches on failures by name; `network` cuts the
/// connection for every request (the device offline, as the core sees it).
final class ProviderFarm: @unchecked Sendable {
  /// Named failures: `pixabay500`, `pixabay429date`, `pexels429reset`, `photos500`.
  let faults = Locked<Set<String>>([])
  let network: NetworkSwitch
  private(set) var server: FakeHTTPServer!

  /// Pixabay's hits: ids 1...40; the second page repeats the first page's last id.
  static let pixabayTotal = 40

  init() throws {
    server = try FakeHTTPServer { [faults] request in
      let base = "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "0")"
      return Self.answer(request, base: base, faults: faults.value)
    }
    network = NetworkSwitch(DefaultHTTPClient.make())
  }

  var baseURL: String { server.baseURL }

  /// The requests whose path starts with `prefix`.
  func requests(_ prefix: String) -> [FakeHTTPServer.Request] {
    server.requests.filter { $0.path.hasPrefix(prefix) }
  }

  /// An environment with `feed` ("pixabay" or "pexels") and every other provider on the farm.
  func environment(feed: String) -> GalleryEnvironment {
    let feedProvider: any PhotoProvider =
      feed == "pexels"
      ? PexelsProvider(baseURL: baseURL, apiKey: "pexels-key", http: network)
      : PixabayProvider(baseURL: baseURL, apiKey: "pixabay-key", http: network)
    return GalleryEnvironment(feed: feedProvider, images: ImageSource(http: network, timeout: 5)).with {
      $0.albums = JSONPlaceholderProvider(baseURL: baseURL, http: network)
      $0.video = PexelsVideoProvider(baseURL: baseURL, apiKey: "pexels-key", http: network)
    }
  }

  private static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 600)

  private static func answer(_ request: FakeHTTPServer.Request, base: String, faults: Set<String>)
    -> FakeHTTPServer.Response
  {
    let q = request.query
    switch request.path {
    case let path where path.hasPrefix("/img/"):
      return .init(headers: ["Content-Type": "image/png"], body: Data(png))
    case "/api/":
      if faults.contains("pixabay500") { return .init(status: 500, body: Data("<html>down</html>".utf8)) }
      if faults.contains("pixabay429date") {
        // A proxy's wait given as a date: two minutes after the answer's own `Date`.
        return .init(
          status: 429,
          headers: ["Date": "Sun, 06 Nov 2033 08:49:37 GMT", "Retry-After": "Sun, 06 Nov 2033 08:51:37 GMT"],
          body: Data("Too many requests".utf8))
      }
      let page = Int(q["page"] ?? "1") ?? 1
      let perPage = Int(q["per_page"] ?? "20") ?? 20
      let first = (page - 1) * perPage + 1
      var ids = Array(first...min(pixabayTotal, first + perPage - 1))
      if page == 2, let repeated = ids.first { ids[0] = repeated - 1 }
      let hits = ids.map { id in
        #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"\#(q["q"] ?? "sky"), t\#(id)","previewURL":"\#(base)/img/\#(id).png","webformatURL":"\#(base)/img/\#(id)w.png","largeImageURL":"\#(base)/img/\#(id)l.png","imageWidth":640,"imageHeight":480,"likes":\#(id),"user":"u\#(id)","user_id":\#(id)}"#
      }
      return .json(
        #"{"total":\#(pixabayTotal),"totalHits":\#(pixabayTotal),"hits":[\#(hits.joined(separator: ","))]}"#)
    case "/v1/curated", "/v1/search":
      if faults.contains("pexels429reset") {
        // Pexels' own budget: spent, and reset at an epoch time 90 s after the answer's `Date`.
        return .init(
          status: 429,
          headers: [
            "Date": "Sun, 06 Nov 2033 08:49:37 GMT", "X-Ratelimit-Remaining": "0",
            "X-Ratelimit-Reset": String(2_014_879_777 + 90),
          ], body: Data("Too many requests".utf8))
      }
      let page = Int(q["page"] ?? "1") ?? 1
      let photos = (1...10).map { k -> String in
        let id = page * 100 + k
        return
          ##"{"id":\##(id),"width":4000,"height":3000,"url":"https://www.pexels.com/photo/p-\##(id)/","photographer":"Ana","photographer_url":"https://www.pexels.com/@ana","avg_color":"#778899","alt":"a lake \##(id)","src":{"original":"\##(base)/img/\##(id)o.png","large2x":"\##(base)/img/\##(id)l.png","large":"\##(base)/img/\##(id)l.png","medium":"\##(base)/img/\##(id)m.png","small":"\##(base)/img/\##(id)s.png","tiny":"\##(base)/img/\##(id)t.png"}}"##
      }
      let next = page < 3 ? #","next_page":"\#(base)/v1/curated?page=\#(page + 1)""# : ""
      return .json(#"{"page":\#(page),"per_page":10,"photos":[\#(photos.joined(separator: ","))]\#(next)}"#)
    case "/videos/popular":
      let videos = (1...3).map { id in
        #"{"id":\#(id),"duration":\#(10 * id),"url":"https://www.pexels.com/video/v-\#(id)/","image":"\#(base)/img/v\#(id).png","user":{"name":"Bo","url":"https://www.pexels.com/@bo"},"video_files":[{"quality":"sd","file_type":"video/mp4","width":640,"height":360,"fps":25,"link":"https://videos.example/\#(id)-sd.mp4"},{"quality":"hd","file_type":"video/mp4","width":1920,"height":1080,"fps":25,"link":"https://videos.example/\#(id)-hd.mp4"}]}"#
      }
      return .json(#"{"page":1,"per_page":3,"videos":[\#(videos.joined(separator: ","))]}"#)
    case "/users":
      return .json(#"[{"id":1,"name":"Zoë Zed"},{"id":2,"name":"Ángel Abe"}]"#)
    case "/albums":
      return .json(
        #"[{"userId":1,"id":1,"title":"quidem molestiae"},{"userId":2,"id":2,"title":"sunt qui"},{"userId":1,"id":3,"title":"omnis laborum"},{"userId":2,"id":4,"title":"non esse"}]"#
      )
    case "/photos":
      if faults.contains("photos500") { return .init(status: 500, body: Data("down".utf8)) }
      let album = Int(q["albumId"] ?? "1") ?? 1
      let photos = (1...3).map { k in
        let id = album * 10 + k
        return
          #"{"albumId":\#(album),"id":\#(id),"title":"photo \#(id)","url":"\#(base)/img/a\#(id).png","thumbnailUrl":"\#(base)/img/a\#(id)t.png"}"#
      }
      return .json("[\(photos.joined(separator: ","))]")
    default:
      return .init(status: 404, body: Data())
    }
  }
}

/// The network as the core's HTTP client sees it: while `down`, every request fails as a
/// refused connection would (`offline`), without reaching the farm.
final class NetworkSwitch: HTTPClient, @unchecked Sendable {
  let down = Locked(false)
  private let wrapped: any HTTPClient

  init(_ wrapped: any HTTPClient) { self.wrapped = wrapped }

  func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> {
    if down.value {
      return .failure(RequestFailure(kind: .offline, detail: "Could not connect to the server."))
    }
    return await wrapped.send(request)
  }

  func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async -> Result<
    HTTPResponse, RequestFailure
  > {
    if down.value {
      return .failure(RequestFailure(kind: .offline, detail: "Could not connect to the server."))
    }
    return await wrapped.send(request, progress: progress)
  }
}
