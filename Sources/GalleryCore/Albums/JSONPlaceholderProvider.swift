import Foundation

/// JSONPlaceholder: `GET {base}/albums`, `/users`, `/photos?albumId=`.
public struct JSONPlaceholderProvider: AlbumsProvider {
  public let name = "jsonplaceholder"
  public var baseURL: String
  public var http: any HTTPClient
  public var timeout: Double
  public static let defaultBaseURL = "https://jsonplaceholder.typicode.com"

  public init(baseURL: String = defaultBaseURL, http: any HTTPClient, timeout: Double = 15) {
    self.baseURL = baseURL
    self.http = http
    self.timeout = timeout
  }

  struct Album: Decodable {
    let id: Int
    let userId: Int
    let title: String?
  }

  struct User: Decodable {
    let id: Int
    let name: String?
    let username: String?
  }

  struct Photo: Decodable {
    let id: Int
    let albumId: Int
    let title: String?
    let url: String?
    let thumbnailUrl: String?
  }

  private func get<T: Decodable>(_ type: T.Type, _ path: String, _ query: [(String, String)] = []) async
    -> Result<T, RequestFailure>
  {
    guard let url = Endpoint.url(base: baseURL, path: path, query: query) else {
      return .failure(
        RequestFailure(kind: .malformed, detail: "JSONPLACEHOLDER_BASE_URL is not an http(s) URL"))
    }
    return ProviderDecoding.decode(type, await http.send(HTTPRequest(url: url, timeout: timeout)))
  }

  public func albums() async -> Result<[AlbumInfo], RequestFailure> {
    await get([Album].self, "/albums").map {
      $0.map { AlbumInfo(id: $0.id, ownerID: $0.userId, title: $0.title ?? "") }
    }
  }

  public func users() async -> Result<[Owner], RequestFailure> {
    await get([User].self, "/users").map {
      $0.map { Owner(id: $0.id, name: $0.name ?? $0.username ?? "User \($0.id)") }
    }
  }

  /// Photos with a non-web URL are kept with an empty URL: their images fail (broken), not the album.
  public func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure> {
    await get([Photo].self, "/photos", [("albumId", String(albumID))]).map { photos in
      photos.filter { $0.albumId == albumID }.map {
        AlbumPhoto(
          id: $0.id, albumID: $0.albumId, title: $0.title ?? "",
          thumbnailURL: ProviderDecoding.webURL($0.thumbnailUrl) ?? "",
          url: ProviderDecoding.webURL($0.url) ?? "")
      }
    }
  }
}

/// The embedded albums: six owners, 24 albums of 12 photos each, with the demo catalog's
/// generated images (some photos share an image, as JSONPlaceholder's do).
public struct DemoAlbums: AlbumsProvider {
  public let name = "demo"
  /// Spelled as the demo feed spells its authors (Björn Ek is both).
  static let owners = ["Zoë Adams", "Björn Ek", "Chen Wei", "Ángel Ruiz", "Dana Okafor", "Ewa Nowak"]
  static let words = [
    "summer", "trip", "family", "city", "walks", "winter", "garden", "friends", "night", "sea", "old", "new",
  ]

  public init() {}

  /// An album's title: two different words and its number ("trip family 2", never "city city 3").
  static func title(_ id: Int) -> String {
    let first = words[id % 12]
    var second = words[(id * 5) % 12]
    if second == first { second = words[(id * 5 + 1) % 12] }
    return "\(first) \(second) \(id)"
  }

  public func albums() async -> Result<[AlbumInfo], RequestFailure> {
    .success(
      (1...24).map { id in
        AlbumInfo(
          id: id, ownerID: (id - 1) % 6 + 1,
          title: Self.title(id))
      })
  }

  public func users() async -> Result<[Owner], RequestFailure> {
    .success(Self.owners.enumerated().map { Owner(id: $0.offset + 1, name: $0.element) })
  }

  public func photos(albumID: Int) async -> Result<[AlbumPhoto], RequestFailure> {
    guard (1...24).contains(albumID) else { return .failure(RequestFailure(kind: .http, status: 404)) }
    return .success(
      (0..<12).map { k in
        let id = (albumID - 1) * 12 + k + 1
        let image = (albumID * 7 + k * 3) % 40 + 1
        return AlbumPhoto(
          id: id, albumID: albumID, title: "photo \(id)", thumbnailURL: "demo://photo/\(image)/thumbnail",
          url: "demo://photo/\(image)/large")
      })
  }
}
