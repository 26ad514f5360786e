import Foundation

/// A reqres-style backend: `POST {base}/api/login` and `/api/register` with
/// `{"email","password"}` and an `x-api-key` header, answering `{"token"}` (register:
/// `{"id","token"}`) or `{"error"}` with status 400.
public struct ReqresAuthBackend: AuthBackend {
  public var baseURL: String
  public var apiKey: String
  public var http: any HTTPClient
  public var timeout: Double

  /// reqres.in's public free-tier key, used when `REQRES_API_KEY` is not set.
  public static let defaultAPIKey = "reqres-free-v1"
  public static let defaultBaseURL = "https://reqres.in"

  public init(
    baseURL: String = defaultBaseURL, apiKey: String = defaultAPIKey, http: any HTTPClient,
    timeout: Double = 15
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.http = http
    self.timeout = timeout
  }

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    await post("/api/login", email: email, password: password)
  }

  public func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
  {
    await post("/api/register", email: email, password: password, age: age)
  }

  /// `{"email","password"}`, with `"age"` when registering with one.
  private struct Body: Encodable {
    let email: String
    let password: String
    let age: Int?
  }

  struct Answer: Decodable {
    let token: String?
    let error: String?
  }

  private func post(_ path: String, email: String, password: Secret, age: Int? = nil) async -> Result<
    AuthGrant, RequestFailure
  > {
    guard let url = Endpoint.url(base: baseURL, path: path) else {
      return .failure(RequestFailure(kind: .malformed, detail: "REQRES_BASE_URL is not an http(s) URL"))
    }
    guard let body = try? JSONCoding.encode(Body(email: email, password: password.value, age: age)) else {
      return .failure(RequestFailure(kind: .malformed, detail: "could not encode the request"))
    }
    let request = HTTPRequest(
      method: "POST", url: url,
      headers: ["Content-Type": "application/json", "Accept": "application/json", "x-api-key": apiKey],
      body: Data(body), timeout: timeout)
    return await http.send(request).flatMap(Self.grant)
  }

  /// A token from a 2xx answer, the backend's own words from a 400, a typed failure otherwise.
  static func grant(_ response: HTTPResponse) -> Result<AuthGrant, RequestFailure> {
    let answer = try? JSONCoding.decode(Answer.self, from: Array(response.body))
    if (200..<300).contains(response.status) {
      guard let token = answer?.token, !token.isEmpty else {
        return .failure(
          RequestFailure(kind: .malformed, status: response.status, detail: "no token in the answer"))
      }
      return .success(AuthGrant(token: Secret(token)))
    }
    if response.status == 400, let message = answer?.error {
      return .failure(RequestFailure(kind: .rejected, status: 400, serverMessage: message))
    }
    return .failure(HTTPStatus.failure(for: response))
  }
}
