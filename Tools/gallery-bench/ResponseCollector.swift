import Foundation
import GalleryCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One exchange's answer as it arrives: the body bounded by `limit` (the task is cancelled
/// past it, with `tooLarge`), upload progress, and exactly one result (the answer, an error,
/// our deadline or a cancellation, whichever comes first). A failure decided while the task
/// runs is handed on once the task has stopped (or after a short grace), so whatever the
/// transfer buffered is gone, and given back to the system, before anyone retries.
final class ResponseCollector: @unchecked Sendable {
  typealias Outcome = Result<HTTPResponse, RequestFailure>
  let limit: Int
  private let uploadTotal: Int64
  private let progress: (@Sendable (Int64, Int64) -> Void)?
  private let lock = NSLock()
  private var body = Data()
  private var task: URLSessionTask?
  private var done: ((Outcome) -> Void)?
  /// Set once: the exchange's result.
  private var outcome: Outcome?
  private var delivered = false
  private var taskEnded = false
  /// How long a cancelled task may take to stop before its failure is handed on anyway.
  static let grace: Double = 2

  init(limit: Int, uploadTotal: Int64, progress: (@Sendable (Int64, Int64) -> Void)?) {
    self.limit = limit
    self.uploadTotal = uploadTotal
    self.progress = progress
  }

  /// Hands the result to `done` once: now if it was already decided and may be delivered,
  /// else when it is.
  func onFinish(_ done: @escaping (Outcome) -> Void) {
    lock.withLock { self.done = done }
    deliverIfReady()
  }

  func attach(_ task: URLSessionTask) {
    let cancelNow: Bool = lock.withLock {
      self.task = task
      return outcome != nil
    }
    if cancelNow { task.cancel() }
  }

  /// Decides the result once (later calls are ignored). A failure cancels the task and is
  /// delivered when the task has stopped, or after `grace` seconds.
  func finish(_ result: Outcome) {
    let task: URLSessionTask?? = lock.withLock {
      guard outcome == nil else { return .none }
      outcome = result
      body = Data()
      return .some(taskEnded ? nil : self.task)
    }
    guard case .some(let running) = task else { return }
    if case .failure = result, let running {
      running.cancel()
      DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { [self] in
        lock.withLock { taskEnded = true }
        deliverIfReady()
      }
    } else {
      lock.withLock { taskEnded = true }
    }
    deliverIfReady()
  }

  private func deliverIfReady() {
    let ready: (((Outcome) -> Void), Outcome)? = lock.withLock {
      guard !delivered, taskEnded || self.task == nil, let outcome, let done else { return nil }
      delivered = true
      self.done = nil
      return (done, outcome)
    }
    guard let (done, outcome) = ready else { return }
    done(outcome)
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

  /// A download's progress: past the limit (or announced past it), the exchange ends.
  func written(total: Int64, expected: Int64) {
    if expected > Int64(limit) {
      finish(.failure(tooLarge(declared: expected)))
    } else if total > Int64(limit) {
      finish(.failure(tooLarge(declared: nil)))
    }
  }

  /// A finished download: its file is read if it is within the limit (URLSession removes it
  /// once this returns).
  func downloaded(to location: URL) {
    let size = ((try? FileManager.default.attributesOfItem(atPath: location.path)[.size]) as? Int) ?? 0
    guard size <= limit else { return finish(.failure(tooLarge(declared: nil))) }
    let data = (try? Data(contentsOf: location)) ?? Data()
    lock.withLock { if outcome == nil { body = data } }
  }

  /// The task has stopped: its result decides the outcome unless one was decided already.
  func complete(response: URLResponse?, error: (any Error)?) {
    let (data, decided): (Data, Outcome?) = lock.withLock {
      taskEnded = true
      return (body, outcome)
    }
    if let decided {
      // What the cancelled transfer had buffered is free now: give it back.
      if case .failure(let failure) = decided, failure.kind == .tooLarge { releaseFreeMemory() }
      return deliverIfReady()
    }
    let result = URLSessionHTTPClient.result(data: data, response: response, error: error)
    if case .success = result { progress?(uploadTotal, uploadTotal) }
    finish(result)
  }
}
