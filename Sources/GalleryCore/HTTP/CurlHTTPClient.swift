import CCurl
import Foundation

/// HTTP through libcurl's easy interface, loaded at run time (`CCurl`): the library
/// URLSession itself uses on Linux, driven so that no body is ever held past its limit (a
/// data task reads ahead of its delegate without bound, and a download task leaves files in
/// `$TMPDIR`). gzip and deflate are decoded as they arrive and counted decoded; nothing is
/// written to disk. No cookies, no cache, http and https only, at most 5 redirects, the
/// request's timeout for the whole exchange. Exchanges run on the threads of
/// `ExchangeThreads.shared` (at most 16, reused; downloads are limited to a few at once by
/// `DownloadLimiter`).
public final class CurlHTTPClient: HTTPClient {
  /// Largest accepted body when a request names none, in bytes: an API page is far smaller.
  public let maxBodyBytes: Int

  /// nil when libcurl cannot be loaded.
  public init?(maxBodyBytes: Int = 4 << 20) {
    guard ccurl_load() == 0 else { return nil }
    self.maxBodyBytes = maxBodyBytes
  }

  public func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RequestFailure> {
    await exchange(request, progress: nil)
  }

  /// Sends a request with a body, telling `progress` as it goes out (uploads).
  public func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async
    -> Result<HTTPResponse, RequestFailure>
  {
    progress(0, Int64(request.body?.count ?? 0))
    return await exchange(request, progress: progress)
  }

  private func exchange(_ request: HTTPRequest, progress: (@Sendable (Int64, Int64) -> Void)?) async
    -> Result<HTTPResponse, RequestFailure>
  {
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .failure(RequestFailure(kind: .malformed, detail: "refused a non-HTTP URL scheme"))
    }
    let exchange = CurlExchange(
      request: request, limit: min(request.maxResponseBytes ?? maxBodyBytes, Int(Int32.max)),
      progress: progress)
    return await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<HTTPResponse, RequestFailure>, Never>) in
        ExchangeThreads.shared.run { continuation.resume(returning: Self.perform(exchange)) }
      }
    } onCancel: {
      exchange.cancel()
    }
  }

  // curl's option numbers (curl/curl.h).
  private enum Option {
    static let url: Int32 = 10002
    static let httpHeader: Int32 = 10023
    static let customRequest: Int32 = 10036
    static let postFields: Int32 = 10015
    static let postFieldSize: Int32 = 30120
    static let httpGet: Int32 = 80
    static let noBody: Int32 = 44
    static let timeoutMS: Int32 = 155
    static let noSignal: Int32 = 99
    static let followLocation: Int32 = 52
    static let maxRedirects: Int32 = 68
    static let protocols: Int32 = 181
    static let redirectProtocols: Int32 = 182
    static let acceptEncoding: Int32 = 10102
    static let maxFileSize: Int32 = 30117
  }

  /// Runs one exchange to its end on the calling thread.
  private static func perform(_ exchange: CurlExchange) -> Result<HTTPResponse, RequestFailure> {
    guard let handle = ccurl_easy_init() else {
      return .failure(RequestFailure(kind: .offline, detail: "libcurl could not start an exchange"))
    }
    defer { ccurl_easy_cleanup(handle) }
    let request = exchange.request
    var headers: UnsafeMutableRawPointer?
    defer { if let headers { ccurl_slist_free_all(headers) } }
    // No "Expect: 100-continue" wait before a body.
    for line in request.headers.map({ "\($0.key): \($0.value)" }) + ["Expect:"] {
      headers = ccurl_slist_append(headers, line)
    }
    _ = ccurl_setopt_pointer(handle, Option.url, request.url.absoluteString)
    _ = ccurl_setopt_pointer(handle, Option.httpHeader, headers)
    _ = ccurl_setopt_long(handle, Option.noSignal, 1)
    _ = ccurl_setopt_long(handle, Option.timeoutMS, Int(max(1, request.timeout * 1000)))
    _ = ccurl_setopt_long(handle, Option.followLocation, 1)
    _ = ccurl_setopt_long(handle, Option.maxRedirects, 5)
    _ = ccurl_setopt_long(handle, Option.protocols, 3)  // http and https only
    _ = ccurl_setopt_long(handle, Option.redirectProtocols, 3)
    _ = ccurl_setopt_pointer(handle, Option.acceptEncoding, "")  // every encoding curl decodes
    _ = ccurl_setopt_offset(handle, Option.maxFileSize, Int64(exchange.limit))
    let context = Unmanaged.passUnretained(exchange).toOpaque()
    _ = ccurl_set_write(handle, { CurlExchange.take($0, $1 * $2, $3) { $0.receive } }, context)
    _ = ccurl_set_header(handle, { CurlExchange.take($0, $1 * $2, $3) { $0.header } }, context)
    _ = ccurl_set_progress(
      handle,
      { context, _, _, total, sent in
        guard let context else { return 1 }
        let exchange = Unmanaged<CurlExchange>.fromOpaque(context).takeUnretainedValue()
        return exchange.advanced(sent: sent, total: total) ? 0 : 1
      }, context)
    let body = request.body ?? Data()
    let code: Int32 = body.withUnsafeBytes { raw in
      switch request.method.uppercased() {
      case "GET" where body.isEmpty: _ = ccurl_setopt_long(handle, Option.httpGet, 1)
      case "HEAD": _ = ccurl_setopt_long(handle, Option.noBody, 1)
      default:
        _ = ccurl_setopt_pointer(handle, Option.customRequest, request.method)
        if !body.isEmpty || request.method.uppercased() == "POST" {
          // The body stays where it is (no copy) until curl returns.
          _ = ccurl_setopt_offset(handle, Option.postFieldSize, Int64(body.count))
          _ = ccurl_setopt_pointer(
            handle, Option.postFields, raw.baseAddress ?? UnsafeRawPointer(bitPattern: 1))
        }
      }
      return ccurl_perform(handle)
    }
    withExtendedLifetime(exchange) {}
    return exchange.result(code: code, status: ccurl_response_code(handle))
  }
}
