import Foundation

/// Pixabay: `GET {base}/api/?key&q&image_type=photo&page&per_page`.
public struct PixabayProvider: PhotoProvider {
  public let name = "pixabay"
  public var baseURL: String
  public var apiKey: String?
  public var http: any HTTPClient
  /// Seconds before a page request fails with `timeout`.
  public var timeout: Double
  public static let defaultBaseURL = "https://pixabay.com"
  /// The longest `q` Pixabay accepts.
  public static let maxQueryLength = 100

  public init(baseURL: String = defaultBaseURL, apiKey: String?, http: any HTTPClient, timeout: Double = 15) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.http = http
    self.timeout = timeout
  }

  struct Response: Decodable {
    let totalHits: Int?
    let hits: [Hit]
  }

  struct Hit: Decodable {
    let id: Int
    let pageURL: String?
    let tags: String?
    let previewURL: String?
    let webformatURL: String?
    let largeImageURL: String?
    /// The original, sent only to accounts with full API access.
    let imageURL: String?
    let imageWidth: Int?
    let imageHeight: Int?
    let likes: Int?
    let user: String?
    let user_id: Int?
  }

  public func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
    guard let apiKey, !apiKey.isEmpty else {
      return .failure(RequestFailure(kind: .misconfigured, setting: "PIXABAY_API_KEY"))
    }
    let size = min(200, max(3, perPage))
    guard
      let url = Endpoint.url(
        base: baseURL, path: "/api/",
        query: [
          // Pixabay takes at most 100 characters in `q`.
          ("key", apiKey), ("q", String(query.prefix(Self.maxQueryLength))), ("image_type", "photo"),
          ("page", String(page)),
          ("per_page", String(size)),
        ])
    else {
      return .failure(RequestFailure(kind: .malformed, detail: "PIXABAY_BASE_URL is not an http(s) URL"))
    }
    let answer = ProviderDecoding.decode(
      Response.self, await http.send(HTTPRequest(url: url, timeout: timeout)))
    return answer.map { Self.map($0, page: page, perPage: size) }
  }

  /// API → display model. Hits without an id's images are skipped; `totalHits` (at most 500)
  /// decides whether another page exists.
  static func map(_ response: Response, page: Int, perPage: Int) -> FeedPage {
    let photos: [Photo] = response.hits.compactMap { hit in
      guard let thumbnail = ProviderDecoding.firstWebURL(hit.previewURL, hit.webformatURL),
        let large = ProviderDecoding.firstWebURL(hit.largeImageURL, hit.webformatURL)
      else { return nil }
      let user = hit.user ?? "unknown"
      return Photo(
        key: "pixabay:\(hit.id)", providerID: String(hit.id), width: hit.imageWidth ?? 0,
        height: hit.imageHeight ?? 0,
        author: user,
        authorURL: hit.user_id.map { "https://pixabay.com/users/\(user)-\($0)/" },
        tags: (hit.tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
          !$0.isEmpty
        },
        likes: hit.likes, pageURL: ProviderDecoding.webURL(hit.pageURL) ?? "https://pixabay.com/",
        thumbnailURL: thumbnail, largeURL: large, originalURL: ProviderDecoding.webURL(hit.imageURL))
    }
    let total = response.totalHits ?? 0
    return FeedPage(photos: photos, hasMore: page * perPage < total && !response.hits.isEmpty)
  }
}
