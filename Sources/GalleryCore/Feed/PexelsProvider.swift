import Foundation

/// Pexels: `GET {base}/v1/curated` (no query) or `/v1/search?query=`, with `page`,
/// `per_page` and `Authorization: <key>` (no "Bearer").
public struct PexelsProvider: PhotoProvider {
  public let name = "pexels"
  public var baseURL: String
  public var apiKey: String?
  public var http: any HTTPClient
  /// Seconds before a page request fails with `timeout`.
  public var timeout: Double
  public static let defaultBaseURL = "https://api.pexels.com"

  public init(baseURL: String = defaultBaseURL, apiKey: String?, http: any HTTPClient, timeout: Double = 15) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.http = http
    self.timeout = timeout
  }

  struct Response: Decodable {
    let photos: [Item]
    let next_page: String?
  }

  struct Item: Decodable {
    let id: Int
    let width: Int?
    let height: Int?
    let url: String?
    let photographer: String?
    let photographer_url: String?
    let avg_color: String?
    let src: Sources
    let alt: String?
  }

  struct Sources: Decodable {
    let original: String?
    let large2x: String?
    let large: String?
    let medium: String?
    let small: String?
    let tiny: String?
  }

  public func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
    guard let apiKey, !apiKey.isEmpty else {
      return .failure(RequestFailure(kind: .misconfigured, setting: "PEXELS_API_KEY"))
    }
    let size = min(80, max(1, perPage))
    let trimmed = query.trimmingCharacters(in: .whitespaces)
    let paging = [("page", String(page)), ("per_page", String(size))]
    let url =
      trimmed.isEmpty
      ? Endpoint.url(base: baseURL, path: "/v1/curated", query: paging)
      : Endpoint.url(base: baseURL, path: "/v1/search", query: [("query", trimmed)] + paging)
    guard let url else {
      return .failure(RequestFailure(kind: .malformed, detail: "PEXELS_BASE_URL is not an http(s) URL"))
    }
    let request = HTTPRequest(url: url, headers: ["Authorization": apiKey], timeout: timeout)
    return ProviderDecoding.decode(Response.self, await http.send(request)).map(Self.map)
  }

  /// API → display model; `next_page` is absent on the last page.
  static func map(_ response: Response) -> FeedPage {
    let photos: [Photo] = response.photos.compactMap { item in
      guard let thumbnail = ProviderDecoding.firstWebURL(item.src.medium, item.src.small, item.src.tiny),
        let large = ProviderDecoding.firstWebURL(item.src.large2x, item.src.large, item.src.original)
      else { return nil }
      let alt = item.alt?.trimmingCharacters(in: .whitespaces)
      return Photo(
        key: "pexels:\(item.id)", providerID: String(item.id), width: item.width ?? 0,
        height: item.height ?? 0,
        author: item.photographer ?? "unknown", authorURL: ProviderDecoding.webURL(item.photographer_url),
        pageURL: ProviderDecoding.webURL(item.url) ?? "https://www.pexels.com/", thumbnailURL: thumbnail,
        largeURL: large,
        averageColor: ProviderDecoding.color(item.avg_color), alt: alt?.isEmpty == false ? alt : nil,
        originalURL: ProviderDecoding.webURL(item.src.original))
    }
    return FeedPage(photos: photos, hasMore: response.next_page != nil && !response.photos.isEmpty)
  }
}
