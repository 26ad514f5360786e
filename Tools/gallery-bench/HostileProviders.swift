import Foundation
import GalleryTesting

/// The providers `gallery-bench soak --hostile` points the server at: a Pixabay-shaped API on
/// 127.0.0.1 whose answers rotate through what a hostile or broken provider sends (a page, a
/// failure, a rate limit, a body ended by closing, a gzip bomb, a declared gigabyte, a body
/// trickling slower than the request's deadline), and thumbnails that do the same.
enum HostileProviders {
  /// What the API answers, in turn.
  static let apiKinds = [
    "page", "500", "429", "close-delimited 40 MB", "gzip 256 MiB", "declared 1 GiB", "slow",
  ]
  /// What an image URL answers, in turn.
  static let imageKinds = ["png", "close-delimited 40 MB", "gzip 256 MiB", "500", "declared 1 GiB"]

  /// The kinds whose bodies are large (tens of MB on the wire or inflated, or a declared
  /// gigabyte): `--small-bodies` leaves them out, to tell their cost from the rest's.
  static let largeKinds: Set = ["close-delimited 40 MB", "gzip 256 MiB", "declared 1 GiB"]

  /// Which kind answers next, in turn (the handler runs on the server's threads).
  final class Turns: @unchecked Sendable {
    private let lock = NSLock()
    private var api = 0
    private var images = 0
    let apiKinds: [String]
    let imageKinds: [String]
    init(largeBodies: Bool) {
      apiKinds = HostileProviders.apiKinds.filter { largeBodies || !largeKinds.contains($0) }
      imageKinds = HostileProviders.imageKinds.filter { largeBodies || !largeKinds.contains($0) }
    }
    func nextAPI() -> String {
      lock.withLock {
        defer { api += 1 }; return apiKinds[api % apiKinds.count]
      }
    }
    func nextImage() -> String {
      lock.withLock {
        defer { images += 1 }; return imageKinds[images % imageKinds.count]
      }
    }
  }

  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    + [UInt8](repeating: 7, count: 64)
  static let bomb = Data(GzipBomb.bytes(inflating: 256 << 20))

  /// The provider on 127.0.0.1; without `largeBodies`, it never sends the `largeKinds`.
  static func start(largeBodies: Bool = true) throws -> FakeHTTPServer {
    let turns = Turns(largeBodies: largeBodies)
    return try FakeHTTPServer { request in
      let base = "http://" + (request.headers["host"] ?? "127.0.0.1")
      if request.path.hasPrefix("/api") {
        switch turns.nextAPI() {
        case "page":
          let page = Int(request.query["page"] ?? "1") ?? 1
          let hits = (1...20).map { n -> String in
            let id = page * 100 + n
            return
              #"{"id":\#(id),"pageURL":"\#(base)/p/\#(id)","tags":"a, b","previewURL":"\#(base)/img/\#(id).png","webformatURL":"\#(base)/img/\#(id).png","largeImageURL":"\#(base)/img/\#(id)-l.png","imageWidth":640,"imageHeight":480,"likes":1,"user":"u"}"#
          }
          return .json(#"{"total":100000,"totalHits":500,"hits":[\#(hits.joined(separator: ","))]}"#)
        case "500": return .json(#"{"error":"broken"}"#, status: 500)
        case "429": return .json(#"{"error":"slow down"}"#, status: 429, headers: ["Retry-After": "1"])
        case "close-delimited 40 MB":
          return .huge(40 << 20, prefix: Array("{\"hits\":[".utf8), declaresLength: false)
        case "gzip 256 MiB":
          return FakeHTTPServer.Response(
            headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: bomb)
        case "declared 1 GiB": return .huge(1 << 30, prefix: Array("{\"hits\":[".utf8))
        default: return .huge(1 << 20, prefix: Array("{\"hits\":[".utf8), bytesPerSecond: 16 << 10)
        }
      }
      switch turns.nextImage() {
      case "png": return FakeHTTPServer.Response(headers: ["Content-Type": "image/png"], body: Data(png))
      case "close-delimited 40 MB": return .huge(40 << 20, prefix: png, declaresLength: false)
      case "gzip 256 MiB": return FakeHTTPServer.Response(headers: ["Content-Encoding": "gzip"], body: bomb)
      case "500": return .json("{}", status: 500)
      default: return .huge(1 << 30, prefix: png)
      }
    }
  }
}
