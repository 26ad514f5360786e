import Foundation

/// Imgur's API v3: `{base}/3/account/me/images/{page}`, `{base}/3/image` (multipart upload),
/// `DELETE {base}/3/image/{id}`, and `{base}/oauth2/token` for refresh. Calls carry
/// `Authorization: Bearer` with the access token only (the Image App seed found by trial
/// that the client id must not be sent with it).
public struct ImgurProvider: AccountProvider {
  public static let defaultBaseURL = "https://api.imgur.com"
  public var baseURL: String
  public var clientID: String
  /// From `IMGUR_CLIENT_SECRET`; needed for refresh only.
  public var clientSecret: String?
  public var http: any HTTPClient
  public var timeout: Double
  /// Uploads get longer: 10 MB on a slow line.
  public var uploadTimeout: Double

  public init(
    baseURL: String = defaultBaseURL, clientID: String, clientSecret: String?, http: any HTTPClient,
    timeout: Double = 15, uploadTimeout: Double = 120
  ) {
    self.baseURL = baseURL
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.http = http
    self.timeout = timeout
    self.uploadTimeout = uploadTimeout
  }

  public var info: AccountProviderInfo {
    var base = baseURL
    while base.hasSuffix("/") { base.removeLast() }
    return AccountProviderInfo(
      name: "imgur", authorizeEndpoint: base + "/oauth2/authorize", clientID: clientID)
  }

  private func url(_ path: String) -> Result<URL, RequestFailure> {
    guard let url = Endpoint.url(base: baseURL, path: path) else {
      return .failure(RequestFailure(kind: .malformed, detail: "IMGUR_BASE_URL is not an http(s) URL"))
    }
    return .success(url)
  }

  private func authorized(
    _ method: String, _ url: URL, token: String, body: Data? = nil, contentType: String? = nil
  )
    -> HTTPRequest
  {
    var headers = ["Authorization": "Bearer \(token)", "Accept": "application/json"]
    if let contentType { headers["Content-Type"] = contentType }
    return HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: timeout)
  }

  public func images(token: String, page: Int) async -> Result<[AccountImage], RequestFailure> {
    let url: URL
    switch self.url("/3/account/me/images/\(max(0, page))") {
    case .failure(let f): return .failure(f)
    case .success(let u): url = u
    }
    return ImgurEnvelope.data(await http.send(authorized("GET", url, token: token))).flatMap { data in
      guard case .array(let items) = data else {
        return .failure(RequestFailure(kind: .malformed, status: 200, detail: "data is not a list of images"))
      }
      return .success(items.compactMap(ImgurEnvelope.image))
    }
  }

  public func upload(
    token: String, request: UploadRequest, bytes: [UInt8],
    progress: @escaping @Sendable (Int64, Int64) -> Void
  ) async -> Result<AccountImage, RequestFailure> {
    let url: URL
    switch self.url("/3/image") {
    case .failure(let f): return .failure(f)
    case .success(let u): url = u
    }
    var form = MultipartForm()
    form.add("image", file: bytes, fileName: request.file.fileName, type: request.file.mimeType)
    form.add("type", "file")
    form.add("name", request.file.fileName)
    if let title = request.title { form.add("title", title) }
    if let description = request.description { form.add("description", description) }
    var http = authorized("POST", url, token: token, body: form.body, contentType: form.contentType)
    http.timeout = uploadTimeout
    return ImgurEnvelope.data(await self.http.send(http, progress: progress)).flatMap { data in
      guard let image = ImgurEnvelope.image(data) else {
        return .failure(
          RequestFailure(kind: .malformed, status: 200, detail: "the upload's answer has no image"))
      }
      return .success(image)
    }
  }

  public func delete(token: String, id: String) async -> Result<Void, RequestFailure> {
    guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      return .failure(RequestFailure(kind: .malformed, detail: "not an Imgur image id"))
    }
    let url: URL
    switch self.url("/3/image/\(id)") {
    case .failure(let f): return .failure(f)
    case .success(let u): url = u
    }
    return ImgurEnvelope.data(await http.send(authorized("DELETE", url, token: token))).map { _ in () }
  }

  public func refresh(refreshToken: String) async -> Result<AccountTokens, RequestFailure> {
    guard let clientSecret, !clientSecret.isEmpty else {
      return .failure(RequestFailure(kind: .misconfigured, setting: "IMGUR_CLIENT_SECRET"))
    }
    let url: URL
    switch self.url("/oauth2/token") {
    case .failure(let f): return .failure(f)
    case .success(let u): url = u
    }
    let body = FormEncoding.encode([
      ("refresh_token", refreshToken), ("client_id", clientID), ("client_secret", clientSecret),
      ("grant_type", "refresh_token"),
    ])
    let request = HTTPRequest(
      method: "POST", url: url,
      headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
      body: Data(body.utf8), timeout: timeout)
    switch await http.send(request) {
    case .failure(let f): return .failure(f)
    case .success(let response):
      let body = try? JSONParser.parse([UInt8](response.body))
      guard (200..<300).contains(response.status), let body else {
        return .failure(ImgurEnvelope.failure(response, body: body))
      }
      // The token endpoint answers bare (no envelope).
      let fields = body["data"].map { $0["access_token"] != nil ? $0 : body } ?? body
      guard case .string(let access)? = fields["access_token"], !access.isEmpty,
        case .number(let expires)? = fields["expires_in"], expires > 0
      else {
        return .failure(
          RequestFailure(kind: .malformed, status: response.status, detail: "no access_token or expires_in"))
      }
      var refreshed = refreshToken
      if case .string(let r)? = fields["refresh_token"], !r.isEmpty { refreshed = r }
      return .success(AccountTokens(accessToken: access, refreshToken: refreshed, expiresIn: Int64(expires)))
    }
  }
}
