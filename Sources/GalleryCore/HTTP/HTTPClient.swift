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

/// Sends requests; the real one is `CurlHTTPClient` (`DefaultHTTPClient`), tests point it at a fake server.
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
/// arrives, nothing written to disk). Where it cannot be used, no unbounded client stands in
/// (URLSession holds close-delimited and gzip bodies whole and leaves temp files): every
/// request fails at once with `request.noClient`, and `unavailable` says why at start.
public enum DefaultHTTPClient {
  /// A new client; `maxBodyBytes` bounds an answer whose request names no bound.
  public static func make(maxBodyBytes: Int = 4 << 20) -> any HTTPClient {
    choose(CurlHTTPClient(maxBodyBytes: maxBodyBytes))
  }

  /// The bounded client when there is one, else one that refuses every request.
  static func choose(_ curl: CurlHTTPClient?) -> any HTTPClient {
    curl ?? UnavailableHTTPClient(why: unavailableReason)
  }

  static let unavailableReason =
    "libcurl (libcurl.so.4) cannot be loaded, or lacks a function this build calls"

  /// Why no bounded client can be made here (nil when one can): the serve command says it at
  /// start, since a provider other than the demo's will then fail every request.
  public static var unavailable: String? {
    CurlHTTPClient(maxBodyBytes: 1) == nil ? unavailableReason : nil
  }
}

/// Stands in where no bounded HTTP client can be made: every request fails at once, as
/// `request.noClient` (final: retrying cannot help until libcurl is installed), and nothing
/// is fetched unbounded.
public struct UnavailableHTTPClient: HTTPClient {
  /// Why there is no client, for the failure's detail.
  public let why: String

  public init(why: String) { self.why = why }

  public func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> {
    .failure(RequestFailure(kind: .misconfigured, detail: why, reason: "request.noClient"))
  }
}
