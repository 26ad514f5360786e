import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension URLSessionHTTPClient {
  /// Sends a request with a body through a session delegate that sees each chunk go out.
  public func send(_ request: HTTPRequest, progress: @escaping @Sendable (Int64, Int64) -> Void) async
    -> Result<HTTPResponse, RequestFailure>
  {
    guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      return .failure(RequestFailure(kind: .malformed, detail: "refused a non-HTTP URL scheme"))
    }
    var urlRequest = URLRequest(
      url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
    urlRequest.httpMethod = request.method
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let body = request.body ?? Data()
    let limit = maxBodyBytes
    return await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<HTTPResponse, RequestFailure>, Never>) in
      let delegate = UploadDelegate(total: Int64(body.count), progress: progress) { data, response, error in
        continuation.resume(
          returning: Self.result(data: data, response: response, error: error, limit: limit))
      }
      let session = URLSession(
        configuration: Self.configuration, delegate: delegate, delegateQueue: nil)
      let task = session.uploadTask(with: urlRequest, from: body)
      delegate.task = task
      DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
        delegate.expire(after: request.timeout)
      }
      progress(0, Int64(body.count))
      task.resume()
      session.finishTasksAndInvalidate()
    }
  }
}

/// Collects an upload's answer and reports the body's progress; finishes exactly once
/// (answer, error, or our own deadline).
final class UploadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private let total: Int64
  private let progress: @Sendable (Int64, Int64) -> Void
  private var finish: ((Data?, URLResponse?, (any Error)?) -> Void)?
  private var received = Data()
  var task: URLSessionTask?

  init(
    total: Int64, progress: @escaping @Sendable (Int64, Int64) -> Void,
    finish: @escaping (Data?, URLResponse?, (any Error)?) -> Void
  ) {
    self.total = total
    self.progress = progress
    self.finish = finish
  }

  private func end(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?) {
    lock.lock()
    let done = finish
    finish = nil
    lock.unlock()
    done?(data, response, error)
  }

  func expire(after seconds: Double) {
    lock.lock()
    let pending = finish != nil
    lock.unlock()
    guard pending else { return }
    task?.cancel()
    end(nil, nil, URLError(.timedOut))
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
    totalBytesExpectedToSend: Int64
  ) {
    progress(totalBytesSent, total)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    received.append(data)
    lock.unlock()
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    let data = received
    lock.unlock()
    if error == nil { progress(total, total) }
    end(data, task.response, error)
  }
}
