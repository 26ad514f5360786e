import Foundation
import GalleryCore

/// A fake Pixabay and JSONPlaceholder on 127.0.0.1 at a chosen size, with the images they
/// point at: what the cost table (`gallery-bench counted --table`) and the test of the methods'
/// examples run against. Pixabay has `photos` hits (ids 1, 2, …); JSONPlaceholder has `albums`
/// albums of 10 owners ("Owner 1" … "Owner 10") and 20 photos an album. Two things fail on
/// purpose, so that the retry examples have something to retry: the thumbnail of photo 3 (the
/// feed's third row) answers 503, and so do the photos of every album of "Owner 10" (the
/// second section, as sections sort by name).
///
/// Owner of what it makes: the fake server, stopped by `stop()`. Bound: the albums list is
/// made once (about 60 bytes an album); a page of photos on each request.
public final class SizedProviders: Sendable {
  public let server: FakeHTTPServer

  public init(photos: Int, albums: Int) throws {
    let users = (1...10).map { #"{"id":\#($0),"name":"Owner \#($0)"}"# }.joined(separator: ",")
    let usersBody = Data("[\(users)]".utf8)
    let albumsBody = Data(
      ("["
        + (1...max(1, albums)).map { #"{"userId":\#($0 % 10 + 1),"id":\#($0),"title":"album \#($0)"}"# }
        .joined(separator: ",") + "]").utf8)
    server = try FakeHTTPServer { request in
      let base = "http://127.0.0.1:\(request.headers["host"]?.split(separator: ":").last ?? "0")"
      let q = request.query
      switch request.path {
      case "/img/3.png": return .init(status: 503, body: Data("busy".utf8))
      case let path where path.hasPrefix("/img/"):
        return .init(headers: ["Content-Type": "image/png"], body: Data(Self.png))
      case "/api/":
        let page = Int(q["page"] ?? "1") ?? 1
        let perPage = Int(q["per_page"] ?? "20") ?? 20
        let first = (page - 1) * perPage + 1
        let ids = first <= photos ? Array(first...min(photos, first + perPage - 1)) : []
        let hits = ids.map { id in
          #"{"id":\#(id),"pageURL":"https://pixabay.com/photos/p-\#(id)/","tags":"tag\#(id % 50), bench","previewURL":"\#(base)/img/\#(id).png","webformatURL":"\#(base)/img/\#(id)w.png","largeImageURL":"\#(base)/img/\#(id)l.png","imageWidth":1280,"imageHeight":853,"likes":\#(id % 300),"user":"user\#(id % 97)","user_id":\#(id % 97)}"#
        }
        return .json(#"{"total":\#(photos),"totalHits":\#(photos),"hits":[\#(hits.joined(separator: ","))]}"#)
      case "/users": return .init(headers: ["Content-Type": "application/json"], body: usersBody)
      case "/albums": return .init(headers: ["Content-Type": "application/json"], body: albumsBody)
      case "/photos":
        let album = Int(q["albumId"] ?? "0") ?? 0
        // Album N belongs to user N % 10 + 1: user 10's are N % 10 == 9.
        if album % 10 == 9 { return .init(status: 503, body: Data("busy".utf8)) }
        let list = (1...20).map { k in
          let id = album * 100 + k
          return
            #"{"albumId":\#(album),"id":\#(id),"title":"photo \#(id)","url":"\#(base)/img/\#(id)l.png","thumbnailUrl":"\#(base)/img/\#(id).png"}"#
        }
        return .json("[" + list.joined(separator: ",") + "]")
      default: return .init(status: 404, body: Data("no such thing".utf8))
      }
    }
  }

  /// The server's `http://127.0.0.1:PORT`.
  public var baseURL: String { server.baseURL }

  /// An environment with the feed and the albums on this server, the rest the demo's.
  public func environment() -> GalleryEnvironment {
    let http = DefaultHTTPClient.make()
    var environment = GalleryEnvironment(
      feed: PixabayProvider(baseURL: baseURL, apiKey: "bench", http: http), images: ImageSource(http: http))
    environment.albums = JSONPlaceholderProvider(baseURL: baseURL, http: http)
    return environment
  }

  /// Stops the server.
  public func stop() { server.stop() }

  /// A PNG's signature and enough bytes to be taken for one.
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 600)
}
