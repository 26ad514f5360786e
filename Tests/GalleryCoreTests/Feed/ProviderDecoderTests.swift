import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Decoders against bodies in the providers' real formats (this project's own samples, with
/// the quirks the real services have), and against the real captures in shared/ when present.
final class ProviderDecoderTests: XCTestCase {
  static let pixabayPage = #"""
    {"total": 4000, "totalHits": 500, "hits": [
      {"id": 7, "pageURL": "https://pixabay.com/photos/fox-7/", "type": "photo", "tags": "fox, animal,  snow ",
       "previewURL": "https://cdn.pixabay.com/photo/7_150.jpg", "previewWidth": 150, "previewHeight": 99,
       "webformatURL": "https://pixabay.com/get/7_640.jpg", "largeImageURL": "https://pixabay.com/get/7_1280.jpg",
       "imageWidth": 4000, "imageHeight": 3000, "imageSize": 1234, "views": 1, "downloads": 2, "collections": 3,
       "likes": 42, "comments": 0, "user_id": 99, "user": "Fotografin", "userImageURL": "", "isAiGenerated": false,
       "noAiTraining": true, "isGRated": false, "isLowQuality": 0},
      {"id": 8, "pageURL": "https://pixabay.com/photos/owl-8/", "tags": "owl", "previewURL": "file:///etc/passwd",
       "webformatURL": "https://pixabay.com/get/8_640.jpg", "largeImageURL": "https://pixabay.com/get/8_1280.jpg",
       "user": "x", "favorites": 0},
      {"id": 9, "tags": "bad", "previewURL": "javascript:alert(1)", "largeImageURL": "ftp://x/9.jpg"}
    ]}
    """#

  static let pexelsLastPage = #"""
    {"page": 3, "per_page": 2, "total_results": 6, "prev_page": "https://api.pexels.com/v1/curated/?page=2&per_page=2",
     "photos": [
      {"id": 101, "width": 3000, "height": 2000, "url": "https://www.pexels.com/photo/lake-101/",
       "photographer": "Ana", "photographer_url": "https://www.pexels.com/@ana", "photographer_id": 5,
       "avg_color": "#EEE", "src": {"original": "https://images.pexels.com/photos/101/o.jpeg",
       "large2x": "https://images.pexels.com/photos/101/l2.jpeg", "large": "https://images.pexels.com/photos/101/l.jpeg",
       "medium": "https://images.pexels.com/photos/101/m.jpeg", "small": "https://images.pexels.com/photos/101/s.jpeg",
       "portrait": "https://images.pexels.com/photos/101/p.jpeg", "landscape": "https://images.pexels.com/photos/101/ls.jpeg",
       "tiny": "https://images.pexels.com/photos/101/t.jpeg"}, "liked": false},
      {"id": 102, "width": 10, "height": 20, "url": "https://www.pexels.com/photo/x-102/", "photographer": "Bo",
       "photographer_url": "https://www.pexels.com/@bo", "avg_color": "#12ab3C",
       "src": {"medium": "https://images.pexels.com/photos/102/m.jpeg", "large2x": "https://images.pexels.com/photos/102/l2.jpeg"},
       "alt": "A quiet lake"}
    ]}
    """#

  func fake(_ body: String, status: Int = 200, contentType: String = "application/json") throws
    -> FakeHTTPServer
  {
    try FakeHTTPServer { _ in
      .init(status: status, headers: ["Content-Type": contentType], body: Data(body.utf8))
    }
  }

  func testPixabayMapsToDisplayPhotosAndDropsNonWebURLs() async throws {
    let server = try fake(Self.pixabayPage)
    let provider = PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
    let page = try await provider.page(query: "fox", page: 2, perPage: 20).get()
    XCTAssertEqual(
      page.photos.map(\.key), ["pixabay:7", "pixabay:8"], "a hit with no usable image URL is skipped")
    let fox = page.photos[0]
    XCTAssertEqual(fox.tags, ["fox", "animal", "snow"])
    XCTAssertEqual(fox.author, "Fotografin")
    XCTAssertEqual(fox.authorURL, "https://pixabay.com/users/Fotografin-99/")
    XCTAssertEqual(fox.likes, 42)
    XCTAssertEqual(fox.thumbnailURL, "https://cdn.pixabay.com/photo/7_150.jpg")
    XCTAssertEqual(fox.largeURL, "https://pixabay.com/get/7_1280.jpg")
    XCTAssertNil(fox.originalURL, "Pixabay sends its original only with full API access")
    XCTAssertEqual(
      page.photos[1].thumbnailURL, "https://pixabay.com/get/8_640.jpg",
      "file:// preview replaced by the web format")
    XCTAssertTrue(page.hasMore, "page 2 of 20 against totalHits 500")
    let request = try XCTUnwrap(server.requests.first)
    XCTAssertEqual(request.path, "/api/")
    XCTAssertEqual(
      request.query, ["key": "k", "q": "fox", "image_type": "photo", "page": "2", "per_page": "20"])
    let last = try await provider.page(query: "fox", page: 25, perPage: 20).get()
    XCTAssertFalse(last.hasMore, "25 × 20 = totalHits 500")
  }

  /// Issue 29, item 6: "c++" reaches Pixabay and Pexels as c++, not "c  ".
  func testAPlusInASearchReachesTheProviderAsAPlus() async throws {
    let server = try fake(Self.pixabayPage)
    _ = await PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
      .page(query: "c++", page: 1, perPage: 20)
    _ = await PexelsProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
      .page(query: "c++", page: 1, perPage: 20)
    let targets = server.requests.map(\.target)
    XCTAssertEqual(targets.count, 2)
    // Issue 29, item 11: Pixabay takes at most 100 characters in q.
    _ = await PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
      .page(query: String(repeating: "a", count: 200), page: 1, perPage: 20)
    let long = try XCTUnwrap(server.requests.last)
    XCTAssertEqual(long.query["q"], String(repeating: "a", count: 100))
    for target in targets.prefix(2) {
      XCTAssertTrue(target.contains("=c%2B%2B"), target)
      let query = try XCTUnwrap(URLComponents(string: target)?.percentEncodedQuery)
      XCTAssertTrue(query.removingPercentEncoding?.contains("c++") == true, target)
    }
  }

  func testPixabayErrorsAreTypedWithTheServersWords() async throws {
    let range = try fake(#"[ERROR 400] "page" is out of valid range."#, status: 400, contentType: "text/html")
    let failure = await PixabayProvider(baseURL: range.baseURL, apiKey: "k", http: DefaultHTTPClient.make())
      .page(query: "", page: 99, perPage: 20)
    XCTAssertEqual(
      failure,
      .failure(
        RequestFailure(kind: .http, status: 400, serverMessage: #"[ERROR 400] "page" is out of valid range."#)
      ))
    let noKey = await PixabayProvider(apiKey: nil, http: DefaultHTTPClient.make()).page(
      query: "", page: 1, perPage: 20)
    XCTAssertEqual(
      noKey, .failure(RequestFailure(kind: .misconfigured, setting: "PIXABAY_API_KEY")))
    let garbage = try fake("<html>oops</html>", contentType: "text/html")
    guard
      case .failure(let malformed) = await PixabayProvider(
        baseURL: garbage.baseURL, apiKey: "k", http: DefaultHTTPClient.make()
      )
      .page(query: "", page: 1, perPage: 20)
    else { return XCTFail("expected a failure") }
    XCTAssertEqual(malformed.kind, .malformed)
    XCTAssertEqual(malformed.message.retryable, true)
  }

  func testPexelsMapsCuratedAndSearchAndKnowsTheLastPage() async throws {
    let server = try fake(Self.pexelsLastPage)
    let provider = PexelsProvider(
      baseURL: server.baseURL + "/pexels", apiKey: "pk", http: DefaultHTTPClient.make())
    let page = try await provider.page(query: "", page: 3, perPage: 2).get()
    XCTAssertFalse(page.hasMore, "no next_page on the last page")
    XCTAssertEqual(page.photos.map(\.averageColor), ["#EEEEEE", "#12AB3C"])
    XCTAssertEqual(page.photos.map(\.alt), [nil, "A quiet lake"])
    XCTAssertEqual(page.photos[0].thumbnailURL, "https://images.pexels.com/photos/101/m.jpeg")
    XCTAssertEqual(page.photos[0].largeURL, "https://images.pexels.com/photos/101/l2.jpeg")
    XCTAssertEqual(
      page.photos[0].originalURL, "https://images.pexels.com/photos/101/o.jpeg",
      "the detail offers the original")
    XCTAssertNil(page.photos[1].originalURL, "a photo without one says so")
    XCTAssertEqual(server.requests[0].path, "/pexels/v1/curated")
    XCTAssertEqual(server.requests[0].headers["authorization"], "pk", "the key itself, no Bearer")
    _ = await provider.page(query: "red fox", page: 1, perPage: 2)
    XCTAssertEqual(server.requests[1].path, "/pexels/v1/search")
    XCTAssertEqual(server.requests[1].query["query"], "red fox")
  }

  func testDemoCatalogIsDeterministicSearchableAndHasRealImages() async throws {
    let demo = DemoCatalog()
    let first = try await demo.page(query: "", page: 1, perPage: 20).get()
    XCTAssertEqual(first.photos.count, 20)
    XCTAssertTrue(first.hasMore)
    let again = try await demo.page(query: "", page: 1, perPage: 20).get()
    XCTAssertEqual(again, first)
    let last = try await demo.page(query: "", page: 15, perPage: 20).get()
    XCTAssertFalse(last.hasMore)
    let lakes = try await demo.page(query: "LAKE", page: 1, perPage: 300).get()
    XCTAssertFalse(lakes.photos.isEmpty)
    XCTAssertTrue(
      lakes.photos.allSatisfy { $0.tags.contains("lake") || $0.author.lowercased().contains("lake") })
    let elodie = try await demo.page(query: "elodie", page: 1, perPage: 300).get()
    XCTAssertFalse(elodie.photos.isEmpty, "diacritic-insensitive: Élodie")
    let bytes = try XCTUnwrap(DemoImages.image(for: first.photos[0].thumbnailURL))
    XCTAssertTrue(ImageSource.looksLikeImage(bytes))
    XCTAssertEqual(bytes.count, 54 + 120 * 3 * 90)
    XCTAssertNil(DemoImages.image(for: "demo://photo/9999/thumbnail"))
    for (width, height) in [(320, 240), (1, 1), (3, 7), (641, 480)] {
      XCTAssertEqual(
        DemoImages.bitmapSize(width: width, height: height),
        DemoImages.bitmap(5, width: width, height: height).count)
    }
    XCTAssertNil(DemoImages.image(for: "demo://photo/../../etc/passwd"))
  }

  /// Bodies in Pixabay's and Pexels' shapes (Fixtures/providers, our own values) decode.
  func testPixabayAndPexelsBodiesDecode() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/providers").path
    let names = try FileManager.default.contentsOfDirectory(atPath: root)
    var decoded = 0
    for name in names.sorted()
    where name.hasSuffix(".json")
      && (name.hasPrefix("pixabay-search") || name.hasPrefix("pexels-curated")
        || name.hasPrefix("pexels-search"))
    {
      let body = try String(contentsOfFile: "\(root)/\(name)", encoding: .utf8)
      let server = try fake(body)
      let result: Result<FeedPage, RequestFailure> =
        name.hasPrefix("pixabay")
        ? await PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make()).page(
          query: "", page: 1, perPage: 20)
        : await PexelsProvider(baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make()).page(
          query: "", page: 1, perPage: 20)
      let page = try result.get()
      XCTAssertTrue(page.photos.allSatisfy { $0.thumbnailURL.hasPrefix("https://") && !$0.key.isEmpty }, name)
      if name.hasPrefix("pexels") {
        XCTAssertTrue(
          page.photos.allSatisfy { $0.originalURL?.hasPrefix("https://images.pexels.com/") == true },
          "\(name): every Pexels photo has its original")
      }
      decoded += 1
    }
    XCTAssertGreaterThanOrEqual(decoded, 5)
  }
}
