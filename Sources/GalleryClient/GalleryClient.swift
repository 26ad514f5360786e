import Foundation
import GalleryCore
import JSON
import Synchronization

/// A typed client of gallery-rpc: `send` takes a request value from `Requests` and answers its
/// typed result once the mirrored state shows it; `state` and `states()` are that mirror, as
/// the core's own `AppState`. The same API talks to a spawned binary (`spawn`) or to a store
/// in this process (`inProcess`).
public final class GalleryClient: Sendable {
  /// A JSON-RPC error answer; `reason` and `args` are a rejection's (-32010) message code.
  public struct RequestError: Error, CustomStringConvertible, Sendable {
    public var method: String
    public var code: Int
    public var message: String
    public var data: JSONValue?
    /// The message code of a rejection, typed when the catalog knows it.
    public var reason: MessageCode? { data?["code"]?.text.flatMap(MessageCode.init(rawValue:)) }
    /// The rejection's arguments.
    public var args: [String: String] {
      guard case .object(let members)? = data?["args"] else { return [:] }
      return members.compactMapValues(\.text)
    }
    public var description: String { "\(method) failed: \(code) \(message) \(data.map { "\($0)" } ?? "")" }
  }

  /// How long a request or a wait may take before it fails.
  public let timeout: Duration
  private let transport: LineTransport
  private let exitStatus: @Sendable () -> Int32
  /// The session's state: the mirror, the requests waiting for answers, the state watchers.
  private struct Session {
    var mirror = StateMirror()
    var nextID = 1
    var pending: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
    var watchers: [UUID: AsyncStream<AppState>.Continuation] = [:]
    var ended = false
  }
  private let session = Mutex(Session())

  /// A client over `transport`; `exitStatus` waits for the other end to finish (bounded by it).
  public init(
    transport: LineTransport, timeout: Duration = .seconds(60), exitStatus: @escaping @Sendable () -> Int32
  ) {
    self.transport = transport
    self.timeout = timeout
    self.exitStatus = exitStatus
    transport.start(
      onMessage: { [weak self] in self?.received($0) }, onEnd: { [weak self] in self?.inputEnded() })
  }

  // MARK: - Lifecycle

  /// `initialize` (with the app's shape and start settings), `initialized`, and the whole state.
  @discardableResult
  public func start(initializationOptions: [String: JSONValue]? = nil, clientName: String = "GalleryClient")
    async throws -> Contract.InitializeResult
  {
    let result = try await send(
      Requests.Initialize(
        clientInfo: .object(["name": .string(clientName)]),
        initializationOptions: initializationOptions.map(JSONValue.object)))
    notify("initialized")
    try await resync()
    return result
  }

  /// `shutdown`, `exit`, and the other end's exit status.
  public func close() async -> Int32 {
    _ = try? await call("shutdown", [:])
    notify("exit")
    transport.closeOutput()
    return exitStatus()
  }

  // MARK: - Requests

  /// Sends `request`; answers its typed result once the mirror shows the answer's version.
  @discardableResult
  public func send<R: GalleryRequest>(_ request: R) async throws -> R.Result {
    let result = try await call(R.method, request.params)
    return try JSONValueDecoder().decode(R.Result.self, from: result)
  }

  /// Sends a notification (no answer).
  public func notify(_ method: String, _ params: [String: JSONValue] = [:]) {
    transport.send(
      .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)])
    ) { _ in }
  }

  /// Sends `method` untyped; answers its result (after the mirror shows an action's version).
  @discardableResult
  public func call(_ method: String, _ params: [String: JSONValue]) async throws -> JSONValue {
    let answer = try await exchange(method, params)
    if method != "state/get", let version = answer["version"]?.exactInteger {
      try await waitForVersion(Int(version))
    }
    return answer
  }

  // MARK: - State

  /// The mirrored state (nil before `start`).
  public var state: AppState? {
    guard let document = session.withLock({ s in s.mirror.document }) else { return nil }
    return try? JSONValueDecoder().decode(AppState.self, from: document)
  }

  /// The mirrored state's JSON, as the server publishes it.
  public var stateJSON: JSONValue? { session.withLock { s in s.mirror.document } }

  /// The mirror's version.
  public var version: Int { session.withLock { s in s.mirror.version } }

  /// How many times a gap or a bad patch made the mirror ask for the whole state.
  public var resyncs: Int { session.withLock { s in s.mirror.resyncs } }

  /// Every state from now on (the newest one when the reader is slower than the changes).
  public func states() -> AsyncStream<AppState> {
    let id = UUID()
    let (stream, continuation) = AsyncStream.makeStream(
      of: AppState.self, bufferingPolicy: .bufferingNewest(1))
    continuation.onTermination = { [weak self] _ in
      self?.session.withLock { _ = $0.watchers.removeValue(forKey: id) }
    }
    session.withLock { s in s.watchers[id] = continuation }
    if let state { continuation.yield(state) }
    return stream
  }

  /// Answers the first state for which `predicate` holds; fails past the timeout.
  public func waitFor(_ predicate: @escaping @Sendable (AppState) -> Bool) async throws -> AppState {
    try await withThrowingTaskGroup(of: AppState?.self) { group in
      group.addTask { [self] in
        for await state in states() where predicate(state) { return state }
        return nil
      }
      group.addTask { [timeout] in
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let state = try await group.next() ?? nil else {
        throw RequestError(method: "waitFor", code: -1, message: "the state did not get there in \(timeout)")
      }
      return state
    }
  }

  /// Applies one `state/changed` (what the reader does; a test may hand it one to check resyncs).
  public func receiveChange(_ params: JSONValue) {
    guard let change = StateMirror.Change(params) else { return }
    let outcome = session.withLock { s in s.mirror.apply(change) }
    switch outcome {
    case .applied: announce()
    case .needsSync: Task { try? await resync() }
    case .ignored, .held: break
    }
  }

  // MARK: - The wire

  private func exchange(_ method: String, _ params: [String: JSONValue]) async throws -> JSONValue {
    let id: Int = try session.withLock { s throws(RequestError) in
      guard !s.ended else {
        throw RequestError(method: method, code: -32099, message: "gallery-rpc has exited")
      }
      defer { s.nextID += 1 }
      return s.nextID
    }
    let message: JSONValue = .object([
      "jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method),
      "params": .object(params),
    ])
    let timer = Task { [weak self, timeout] in
      try await Task.sleep(for: timeout)
      self?.finish(id, .failure(RequestError(method: method, code: -1, message: "no answer in \(timeout)")))
    }
    defer { timer.cancel() }
    let answer = try await withCheckedThrowingContinuation { continuation in
      session.withLock { s in s.pending[id] = continuation }
      transport.send(message) { [weak self] error in
        if let error { self?.finish(id, .failure(error)) }
      }
    }
    if let error = answer["error"] {
      throw RequestError(
        method: method, code: Int(error["code"]?.exactInteger ?? 0), message: error["message"]?.text ?? "",
        data: error["data"])
    }
    return answer["result"] ?? .null
  }

  private func finish(_ id: Int, _ result: Result<JSONValue, any Error>) {
    let continuation = session.withLock { s in s.pending.removeValue(forKey: id) }
    continuation?.resume(with: result)
  }

  private func received(_ message: JSONValue) {
    if let id = message["id"]?.exactInteger, message["result"] != nil || message["error"] != nil {
      finish(Int(id), .success(message))
    } else if message["method"]?.text == "state/changed" {
      receiveChange(message["params"] ?? .null)
    }
  }

  private func inputEnded() {
    let waiting = session.withLock { s in
      s.ended = true
      defer { s.pending = [:] }
      return s.pending
    }
    for (_, continuation) in waiting {
      continuation.resume(
        throwing: RequestError(method: "", code: -32099, message: "gallery-rpc exited before answering"))
    }
    let streams = session.withLock { s in Array(s.watchers.values) }
    for stream in streams { stream.finish() }
  }

  /// Loads the whole state, again while a change held meanwhile still does not fit (at most
  /// `maxResyncRounds` times in a row; the next change that does not fit starts over).
  private func resync() async throws {
    for _ in 0..<Self.maxResyncRounds {
      let outcome: StateMirror.Outcome
      do {
        let snapshot = try await exchange("state/get", [:])
        guard let version = snapshot["version"]?.exactInteger, let value = snapshot["value"] else {
          session.withLock { s in s.mirror.syncFailed() }
          return
        }
        outcome = session.withLock { s in s.mirror.load(value, version: Int(version)) }
        announce()
      } catch {
        session.withLock { s in s.mirror.syncFailed() }
        throw error
      }
      if outcome != .needsSync { return }
    }
    session.withLock { s in s.mirror.syncFailed() }
  }

  /// How many `state/get` a resync asks in a row before it waits for the next change.
  static let maxResyncRounds = 8

  private func waitForVersion(_ version: Int) async throws {
    if self.version >= version { return }
    _ = try await waitFor { [weak self] _ in (self?.version ?? .max) >= version }
  }

  private func announce() {
    let streams = session.withLock { s in Array(s.watchers.values) }
    guard !streams.isEmpty, let state else { return }
    for stream in streams { stream.yield(state) }
  }
}
