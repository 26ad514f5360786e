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

  public init(
    method: String = "GET", url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: Double = 15
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
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

/// HTTP through URLSession (FoundationNetworking on Linux): no cookies, no URL cache,
/// bounded time and body size.
public final class URLSessionHTTPClient: HTTPClient {
  private let session: URLSession
  /// Largest accepted body, in bytes.
  public let maxBodyBytes: Int

  public init(maxBodyBytes: Int = 32 << 20) {
    session = URLSession(configuration: Self.configuration)
    self.maxBodyBytes = maxBodyBytes
  }

  /// Ephemeral: no cookies, no URL cache.
  static var configuration: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    return configuration
  }

  public func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> {
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .failure(RequestFailure(kind: .malformed, detail: "refused a non-HTTP URL scheme"))
    }
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    urlRequest.httpBody = request.body
    let box = TaskBox()
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPResponse, RequestFailure>, Never>) in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          guard box.finish() else { return }
          continuation.resume(
            returning: Self.result(data: data, response: response, error: error, limit: self.maxBodyBytes))
        }
        box.set(task)
        // Our own deadline for the whole exchange: URLSession's interval alone is not
        // enforced the same way on every platform.
        DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
          guard box.finish() else { return }
          box.cancel()
          continuation.resume(
            returning: .failure(
              RequestFailure(kind: .timeout, detail: "no complete answer within \(request.timeout) s")))
        }
        task.resume()
      }
    } onCancel: {
      box.cancel()
    }
  }

  static func result(data: Data?, response: URLResponse?, error: (any Error)?, limit: Int) -> Result<
    HTTPResponse, RequestFailure
  > {
    if let error {
      // On Linux these arrive as NSError in NSURLErrorDomain, not always as URLError.
      let code = URLError.Code(rawValue: (error as NSError).code)
      switch code {
      case .timedOut: return .failure(RequestFailure(kind: .timeout, detail: error.localizedDescription))
      case .cancelled: return .failure(RequestFailure(kind: .cancelled))
      case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
        return .failure(RequestFailure(kind: .malformed, detail: error.localizedDescription))
      default: return .failure(RequestFailure(kind: .offline, detail: error.localizedDescription))
      }
    }
    guard let http = response as? HTTPURLResponse else {
      return .failure(RequestFailure(kind: .malformed, detail: "not an HTTP response"))
    }
    let body = data ?? Data()
    guard body.count <= limit else {
      return .failure(
        RequestFailure(kind: .malformed, detail: "body of \(body.count) bytes exceeds \(limit)"))
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return .success(HTTPResponse(status: http.statusCode, headers: headers, body: body))
  }
}

/// Holds a URLSession task so a Swift task's cancellation can reach it.
private final class TaskBox: @unchecked Sendable {
  private let lock = NSLock()
  private var task: URLSessionDataTask?
  private var cancelled = false
  private var finished = false

  /// True the first time only: the one caller that may resume the continuation.
  func finish() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if finished { return false }
    finished = true
    return true
  }
  func set(_ t: URLSessionDataTask) {
    lock.lock()
    task = t
    let cancelNow = cancelled
    lock.unlock()
    if cancelNow { t.cancel() }
  }
  func cancel() {
    lock.lock()
    cancelled = true
    let t = task
    lock.unlock()
    t?.cancel()
  }
}
