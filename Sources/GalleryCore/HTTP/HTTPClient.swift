import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP request as data.
public struct HTTPRequest: Sendable, Equatable {
  public var method: String
  public var url: URL
  public var headers: [String: String]
  public var body: Data?
  /// Seconds before the request fails with `timeout`.
  public var timeout: Double
  /// The largest answer body accepted, in bytes (nil: the client's own bound). Reading stops
  /// at the bound and the request fails with `tooLarge`: a body is never held whole first.
  public var maxResponseBytes: Int?

  public init(
    method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil,
    timeout: Double = 15,
    maxResponseBytes: Int? = nil
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.maxResponseBytes = maxResponseBytes
  }
}

/// An HTTP answer (any status).
public struct HTTPResponse: Sendable, Equatable {
  public var status: Int
  /// Header names in lower case.
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Sends requests; the real one is `URLSessionHTTPClient`, tests point it at a fake server.
public protocol HTTPClient: Sendable {
  /// The response, or why there is none (offline, timeout, cancelled, too large).
  func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure>
  /// Like `send`, telling `progress` (sent, total) as the body goes out (uploads).
  func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async -> Result<
    HTTPResponse, RequestFailure
  >
}

extension HTTPClient {
  /// Clients that cannot see the body go out report the start and the end only.
  public func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async
    -> Result<HTTPResponse, RequestFailure>
  {
    let total = Int64(request.body?.count ?? 0)
    progress(0, total)
    let result = await send(request)
    if case .success = result { progress(total, total) }
    return result
  }
}

/// The client the core uses: `CurlHTTPClient` where libcurl loads (every body bounded as it
/// arrives, nothing written to disk), `URLSessionHTTPClient` elsewhere.
public enum DefaultHTTPClient {
  /// A new client; `maxBodyBytes` bounds an answer whose request names no bound.
  public static func make(maxBodyBytes: Int = 4 << 20) -> any HTTPClient {
    CurlHTTPClient(maxBodyBytes: maxBodyBytes) ?? URLSessionHTTPClient(maxBodyBytes: maxBodyBytes)
  }
}
