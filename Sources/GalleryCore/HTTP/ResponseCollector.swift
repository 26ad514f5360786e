import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One exchange's answer as it arrives: the body into a buffer that never grows past
/// `limit` (the task is cancelled there, with `tooLarge`), upload progress, and exactly one
/// result (the answer, an error, our deadline or a cancellation, whichever comes first).
final class ResponseCollector: @unchecked Sendable {
  let limit: Int
  private let uploadTotal: Int64
  private let progress: (@Sendable (Int64, Int64) -> Void)?
  private let lock = NSLock()
  private var body = Data()
  private var task: URLSessionTask?
  private var done: ((Result<HTTPResponse, RequestFailure>) -> Void)?
  /// Set once: the exchange's result, kept until someone is there to take it.
  private var outcome: Result<HTTPResponse, RequestFailure>?

  init(limit: Int, uploadTotal: Int64, progress: (@Sendable (Int64, Int64) -> Void)?) {
    self.limit = limit
    self.uploadTotal = uploadTotal
    self.progress = progress
  }

  /// Hands the result to `done` once: now if the exchange already ended (cancelled before it
  /// started), else when it ends.
  func onFinish(_ done: @escaping (Result<HTTPResponse, RequestFailure>) -> Void) {
    let ready: Result<HTTPResponse, RequestFailure>? = lock.withLock {
      if outcome == nil { self.done = done }
      return outcome
    }
    if let ready { done(ready) }
  }

  func attach(_ task: URLSessionTask) {
    let cancelNow: Bool = lock.withLock {
      self.task = task
      return outcome != nil
    }
    if cancelNow { task.cancel() }
  }

  /// Ends the exchange once: later calls are ignored; the task is cancelled if still running.
  func finish(_ result: Result<HTTPResponse, RequestFailure>) {
    typealias Ending = (done: ((Result<HTTPResponse, RequestFailure>) -> Void)?, task: URLSessionTask?)
    let ending: Ending? = lock.withLock {
      guard outcome == nil else { return nil }
      outcome = result
      defer {
        done = nil
        body = Data()
      }
      return (done, self.task)
    }
    guard let ending else { return }
    if case .success = result {} else { ending.task?.cancel() }
    ending.done?(result)
  }

  /// The failure for a body over the limit (`declared`: what Content-Length announced).
  func tooLarge(declared: Int64?) -> RequestFailure {
    let what = declared.map { "a body of \($0) bytes" } ?? "a body"
    return RequestFailure(
      kind: .tooLarge, detail: "\(what) is over the limit of \(limit) bytes", limitBytes: limit)
  }

  /// Whether the answer may be read at all (its declared length is within the limit).
  func accepts(expectedLength: Int64) -> Bool {
    guard expectedLength > Int64(limit) else { return true }
    finish(.failure(tooLarge(declared: expectedLength)))
    return false
  }

  func receive(_ data: Data) {
    let over: Bool = lock.withLock {
      guard outcome == nil else { return false }
      guard body.count + data.count <= limit else { return true }
      body.append(data)
      return false
    }
    if over { finish(.failure(tooLarge(declared: nil))) }
  }

  func sent(_ total: Int64) { progress?(total, uploadTotal) }

  func complete(response: URLResponse?, error: (any Error)?) {
    let data = lock.withLock { body }
    let result = URLSessionHTTPClient.result(data: data, response: response, error: error)
    if case .success = result { progress?(uploadTotal, uploadTotal) }
    finish(result)
  }
}
