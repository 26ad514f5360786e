import Foundation
import GalleryCore

/// The one `gallery-rpc` process the bridge drives, spoken to in newline-delimited JSON.
/// Requests from pages get ids of the bridge's own (so two tabs never collide) and the
/// answer goes back to the page that asked; notifications go to every page.
final class CoreConnection: @unchecked Sendable {
  /// An answer the core never gave (it exited, or took longer than the wait).
  struct NoAnswer: Error, CustomStringConvertible { var description: String }

  private let process = Process()
  private let input: FileHandle
  private let output: FileHandle
  private let lock = NSLock()
  private var nextID = 1
  private var waiting: [String: Waiter] = [:]
  private var exited = false
  private let onNotification: @Sendable ([UInt8]) -> Void

  private final class Waiter: @unchecked Sendable {
    let done = DispatchSemaphore(value: 0)
    var answer: JSONValue?
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
      self?.failAll()
      onExit(process.terminationStatus)
    }
    try process.run()
    Thread.detachNewThread { [self] in readLines() }
  }

  /// Sends a request and waits for its answer (the `id` in `message` is replaced while it
  /// travels and restored in the answer).
  func request(_ message: [String: JSONValue], timeout: Double = 300) throws -> [String: JSONValue] {
    var message = message
    let original = message["id"] ?? .null
    let waiter = Waiter()
    let id: String = lock.withLock {
      defer { nextID += 1 }
      return "web-\(nextID)"
    }
    message["id"] = .string(id)
    let gone: Bool = lock.withLock {
      if !exited { waiting[id] = waiter }
      return exited
    }
    guard !gone else { throw NoAnswer(description: "gallery-rpc has exited") }
    send(.object(message))
    guard waiter.done.wait(timeout: .now() + timeout) == .success, case .object(var answer)? = waiter.answer
    else {
      lock.withLock { _ = waiting.removeValue(forKey: id) }
      throw NoAnswer(
        description: "gallery-rpc did not answer \(message["method"].map { "\($0)" } ?? "") in time")
    }
    answer["id"] = original
    return answer
  }

  /// Sends a notification (no answer).
  func notify(_ message: [String: JSONValue]) { send(.object(message)) }

  /// Ends the core: `shutdown`, `exit`, then closes its input.
  func stop() {
    _ = try? request(
      ["jsonrpc": .string("2.0"), "id": .number(0), "method": .string("shutdown")], timeout: 5)
    notify(["jsonrpc": .string("2.0"), "method": .string("exit")])
    try? input.close()
    process.waitUntilExit()
  }

  private func send(_ message: JSONValue) {
    let line = JSONWriter.bytes(message) + [UInt8(ascii: "\n")]
    lock.withLock { try? input.write(contentsOf: Data(line)) }
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
      let waiter = lock.withLock({ waiting.removeValue(forKey: id) })
    else { return }
    waiter.answer = .object(message)
    waiter.done.signal()
  }

  private func failAll() {
    let all: [Waiter] = lock.withLock {
      exited = true
      defer { waiting = [:] }
      return Array(waiting.values)
    }
    for waiter in all { waiter.done.signal() }
  }
}
