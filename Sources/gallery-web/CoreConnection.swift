import Foundation
import GalleryCore
import Guarded
import Synchronization

/// The one `gallery-rpc` process the bridge drives, spoken to in newline-delimited JSON.
/// Requests from pages get ids of the bridge's own (so two tabs never collide) and the
/// answer goes back to the page that asked; notifications go to every page.
final class CoreConnection: Sendable {
  /// An answer the core never gave (it exited, or took longer than the wait).
  struct NoAnswer: Error, CustomStringConvertible { var description: String }

  private let process = Process()
  private let input: FileHandle
  private let output: FileHandle
  /// The requests waiting for their answers; never held across a read or a write of the pipes.
  private struct Calls {
    var nextID = 1
    var waiting: [String: Waiter] = [:]
    var exited = false
    var stopping = false
  }
  private let calls = Mutex(Calls())
  /// Lines waiting for the writer thread: bounded, so a core that stops reading makes
  /// requests fail fast instead of piling up memory.
  private let outbox = BoundedOutbox(limit: CoreConnection.maxOutboxBytes)
  private let processEnded = DispatchSemaphore(value: 0)
  static let maxOutboxBytes = 64 << 20
  private let onNotification: @Sendable ([UInt8]) -> Void

  /// One request's answer, once it came (or the core ended: done with no answer).
  private final class Waiter: Sendable {
    let answer = Guarded<(done: Bool, answer: JSONValue?)>((false, nil))

    /// Hands the waiting request `answer` (nil: there will be none).
    func finish(_ answer: JSONValue?) { self.answer.change { $0 = (true, answer) } }

    /// The answer, waiting at most `timeout` seconds; nil when none came.
    func wait(timeout: Double) -> JSONValue? {
      answer.wait(until: Date(timeIntervalSinceNow: timeout)) { $0.done ? $0.answer : nil }
    }
  }

  /// Starts the core; `onNotification` gets each notification line as the core wrote it.
  init(
    server: String, arguments: [String], onNotification: @escaping @Sendable ([UInt8]) -> Void,
    onExit: @escaping @Sendable (Int32) -> Void
  ) throws {
    let stdin = Pipe()
    let stdout = Pipe()
    process.executableURL = URL(fileURLWithPath: server)
    process.arguments = arguments
    process.standardInput = stdin
    process.standardOutput = stdout
    input = stdin.fileHandleForWriting
    output = stdout.fileHandleForReading
    self.onNotification = onNotification
    process.terminationHandler = { [weak self] process in
      guard let self else { return onExit(process.terminationStatus) }
      failAll()
      processEnded.signal()
      // While `stop` runs, the thread that called it decides how the process ends.
      if !calls.withLock({ $0.stopping }) { onExit(process.terminationStatus) }
    }
    try process.run()
    Thread.detachNewThread { [self] in readLines() }
    Thread.detachNewThread { [self] in writeLines() }
  }

  /// Sends a request and waits for its answer (the `id` in `message` is replaced while it
  /// travels and restored in the answer).
  func request(_ message: [String: JSONValue], timeout: Double = 300) throws -> [String: JSONValue] {
    var message = message
    let original = message["id"] ?? .null
    let waiter = Waiter()
    let id: String = calls.withLock { calls in
      defer { calls.nextID += 1 }
      return "web-\(calls.nextID)"
    }
    message["id"] = .string(id)
    let gone: Bool = calls.withLock { calls in
      if !calls.exited { calls.waiting[id] = waiter }
      return calls.exited
    }
    guard !gone else { throw NoAnswer(description: "gallery-rpc has exited") }
    guard send(.object(message)) else {
      calls.withLock { _ = $0.waiting.removeValue(forKey: id) }
      throw NoAnswer(
        description:
          "gallery-rpc is not reading its input (over \(Self.maxOutboxBytes >> 20) MB queued); try again")
    }
    guard case .object(var answer)? = waiter.wait(timeout: timeout) else {
      calls.withLock { _ = $0.waiting.removeValue(forKey: id) }
      throw NoAnswer(
        description: "gallery-rpc did not answer \(message["method"].map { "\($0)" } ?? "") in time")
    }
    answer["id"] = original
    return answer
  }

  /// Sends a notification (no answer); false when it could not be queued.
  @discardableResult
  func notify(_ message: [String: JSONValue]) -> Bool { send(.object(message)) }

  /// Ends the core: `shutdown`, `exit`, then closes its input; after `patience` seconds
  /// without an exit it is terminated. Every wait is bounded.
  func stop(patience: Double = 10) {
    calls.withLock { $0.stopping = true }
    _ = try? request(
      ["jsonrpc": .string("2.0"), "id": .number(0), "method": .string("shutdown")], timeout: patience / 2)
    notify(["jsonrpc": .string("2.0"), "method": .string("exit")])
    outbox.close()
    if processEnded.wait(timeout: .now() + patience / 2) == .timedOut {
      process.terminate()
      _ = processEnded.wait(timeout: .now() + patience / 2)
    }
  }

  /// Queues one line for the writer thread; false when the core has exited or is not reading.
  private func send(_ message: JSONValue) -> Bool {
    guard !calls.withLock({ $0.exited }) else { return false }
    return outbox.enqueue(JSONWriter.bytes(message) + [UInt8(ascii: "\n")])
  }

  /// The only thread that writes to the core: it may block on a full pipe without holding
  /// any lock, so the reader can always drain the core's output meanwhile.
  private func writeLines() {
    let closed = outbox.drain { line in (try? input.write(contentsOf: Data(line))) != nil }
    if closed { try? input.close() } else { failAll() }
  }

  private func readLines() {
    var buffer: [UInt8] = []
    while true {
      let chunk = output.availableData
      if chunk.isEmpty { break }
      buffer.append(contentsOf: chunk)
      var start = 0
      while let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        deliver(Array(buffer[start..<end]))
        start = end + 1
      }
      buffer.removeFirst(start)
    }
    failAll()
  }

  private func deliver(_ line: [UInt8]) {
    guard !line.isEmpty else { return }
    guard case .object(let message)? = try? JSONParser.parse(line), message["method"] == nil else {
      return onNotification(line)
    }
    guard case .string(let id)? = message["id"],
      let waiter = calls.withLock({ $0.waiting.removeValue(forKey: id) })
    else { return }
    waiter.finish(.object(message))
  }

  private func failAll() {
    let all: [Waiter] = calls.withLock { calls in
      calls.exited = true
      defer { calls.waiting = [:] }
      return Array(calls.waiting.values)
    }
    for waiter in all { waiter.finish(nil) }
  }
}
