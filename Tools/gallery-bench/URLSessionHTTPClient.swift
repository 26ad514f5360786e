import Foundation
import GalleryCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// HTTP through URLSession (FoundationNetworking on Linux): no cookies, no URL cache,
/// bounded time, and bounded bodies: an answer goes to a file as it arrives and the exchange
/// is cancelled as soon as the file (or a declared `Content-Length`) passes the limit, so
/// memory never holds more than the limit; an upload's answer is collected in a buffer that
/// stops at it.
public final class URLSessionHTTPClient: HTTPClient {
  private let session: URLSession
  private let router: SessionRouter
  /// Largest accepted body when a request names none, in bytes: an API page is far smaller.
  public let maxBodyBytes: Int

  public init(maxBodyBytes: Int = 4 << 20) {
    router = SessionRouter()
    session = URLSession(configuration: Self.configuration, delegate: router, delegateQueue: nil)
    self.maxBodyBytes = maxBodyBytes
  }

  deinit { session.invalidateAndCancel() }

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
    await exchange(request, upload: false, progress: nil)
  }

  /// Sends a request with a body, telling `progress` as each chunk goes out (uploads).
  public func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async
    -> Result<HTTPResponse, RequestFailure>
  {
    await exchange(request, upload: true, progress: progress)
  }

  private func exchange(
    _ request: HTTPRequest, upload: Bool, progress: (@Sendable (Int64, Int64) -> Void)?
  ) async -> Result<HTTPResponse, RequestFailure> {
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .failure(RequestFailure(kind: .malformed, detail: "refused a non-HTTP URL scheme"))
    }
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let body = request.body ?? Data()
    let limit = min(request.maxResponseBytes ?? maxBodyBytes, Int(Int32.max))
    let collector = ResponseCollector(limit: limit, uploadTotal: Int64(body.count), progress: progress)
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPResponse, RequestFailure>, Never>) in
        collector.onFinish { continuation.resume(returning: $0) }
        let task: URLSessionTask
        if upload {
          task = session.uploadTask(with: urlRequest, from: body)
        } else {
          // A download task writes the body to a file as it arrives: URLSession on Linux reads
          // ahead of a data task's delegate without bound, so a huge body would sit in memory
          // before the limit could stop it. On disk it is cut at the limit and read only if
          // within it.
          urlRequest.httpBody = request.body
          task = session.downloadTask(with: urlRequest)
        }
        router.add(collector, for: task)
        // Our own deadline for the whole exchange: URLSession's interval alone is not
        // enforced the same way on every platform. Held weakly: a finished exchange's
        // collector (and the answer in it) must go at once, not when the deadline passes
        // (a feed loaded in pages kept every page's body for 15 s).
        DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) { [weak collector] in
          collector?.finish(
            .failure(RequestFailure(kind: .timeout, detail: "no complete answer within \(request.timeout) s"))
          )
        }
        progress?(0, Int64(body.count))
        task.resume()
      }
    } onCancel: {
      collector.finish(.failure(RequestFailure(kind: .cancelled)))
    }
  }

  /// The result of a finished exchange (URLSession's error, or the response and its body).
  static func result(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<
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
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
  }
}
