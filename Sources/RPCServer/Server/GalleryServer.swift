import Dispatch
import EventStore
import Foundation
import GalleryCore
import Synchronization

/// Serves one store over one connection: the lifecycle, dispatch of every method, state
/// patches and event subscriptions. One straight path: request → action → store (events
/// appended, state folded) → `state/changed` → response.
///
/// What it changes while it serves is one value, `session`; what one read produces travels
/// in a `ReadBatch` value instead, never on `self`.
public final class GalleryServer: Sendable {

  /// Seconds `shutdown` waits for effects in flight.
  static let shutdownGrace = 3.0
  /// Most messages in one batch.
  static let maxBatch = 1000
  /// Most long requests (events/read, history/stateAt) running at once.
  static let maxLongRequests = 16

  let store: Store
  let connection: RPCConnection
  let logger: Logger
  let serverVersion: String
  let maxMessageBytes: Int
  /// The clock a `--test-clock` session moves by hand (nil: real time; the test methods
  /// then do not exist).
  let testClock: ManualClock?
  /// What an action method may ask of the server while it reads its params: made once (its
  /// parts never change), not per request.
  let methodContext: MethodContext
  /// An attached client's admission (nil: the owner's own connection, which drives, sets the
  /// app's shape at `initialize` and closes the store when it ends).
  let attachment: Attachment?
  /// What the reader, long requests and the store's deliveries share, in one value; never held
  /// across a read or a write.
  let session = Mutex(ConnectionSession())
  let workers = DispatchQueue(label: "gallery-rpc.long-requests", attributes: .concurrent)
  let workersDone = DispatchGroup()

  /// `testClock` must be the store's `effectClock` and log clock (`serve --test-clock`).
  public init(
    store: Store, connection: RPCConnection, logger: Logger, serverVersion: String, maxMessageBytes: Int,
    testClock: ManualClock? = nil, attachment: Attachment? = nil
  ) {
    self.testClock = testClock
    self.attachment = attachment
    self.store = store
    self.connection = connection
    self.logger = logger
    self.serverVersion = serverVersion
    self.maxMessageBytes = maxMessageBytes
    self.methodContext = MethodContext(
      dataDirectory: store.dataDirectory, random: store.random, currentState: { [store] in store.state })
  }

  /// Serves until `exit` or end of input; returns the exit status (0 only after shutdown).
  /// The owner's connection then runs `beforeClosing` (the attach point ends its clients'
  /// sessions there) and closes the store; an attached client's leaves the store to its owner.
  public func run(beforeClosing: () -> Void = {}) -> Int32 {
    connection.run(chunks: { items in serve(items) })
    workersDone.wait()
    let status: Int32 = session.withLock { s in
      s.observation?.cancel()
      s.subscription?.drop()
      return s.phase == .shuttingDown ? 0 : 1
    }
    // A client let go for not reading gets no wait: its farewell goes only if it reads now.
    if !connection.overflowed, !connection.flush() {
      logger.log(.warn, "the client stopped reading: answers still queued are dropped")
    }
    guard attachment == nil else { return status }
    beforeClosing()
    do { try store.close() } catch { logger.log(.error, "closing the log: \(error)") }
    logger.log(.info, "exit with status \(status)")
    return status
  }

  /// Answers a call (nil for notifications and for requests answered later).
  func dispatch(_ incoming: RPCIncoming, inBatch: Bool, _ batch: inout ReadBatch) -> HeldAnswer? {
    switch incoming {
    case .invalid(let id, let error):
      return .message(RPCOutgoing.error(id, error))
    case .notification(let method, let params):
      notify(method, params, &batch)
      return nil
    case .request(let id, let method, let params):
      // Timed only when the time is logged (the clock costs a call each way).
      let started = logger.level >= .debug ? DispatchTime.now().uptimeNanoseconds : 0
      defer {
        logger.log(
          .debug, "\(method) answered in \((DispatchTime.now().uptimeNanoseconds - started) / 1000) µs")
      }
      do {
        // The one lookup of the request: everything after takes the spec.
        let entry = MethodCatalog.byName[method]
        switch entry?.spec.route {
        case .builtin(let builtin)? where builtin.isLong && !inBatch:
          try checkPhase(method, entry)
          try checkLongRequestCapacity()
          startLongRequest(id: id, method: method, entry: entry, params: params)
          return nil
        case .read(let answer)?:
          try checkPhase(method, entry)
          settleBeforeRequest(method)
          return try read(id, entry!.spec, params, answer, send: !inBatch).map(HeldAnswer.message)
        default:
          return .result(id, try call(method, entry, params, cancel: nil, batch: &batch))
        }
      } catch {
        logger.log(.info, "\(method) failed: \(error.code) \(error.message)")
        return .message(RPCOutgoing.error(id, error))
      }
    }
  }

  private func notify(_ method: String, _ params: RPCParams?, _ batch: inout ReadBatch) {
    let entry = MethodCatalog.byName[method]
    switch entry?.spec.route {
    case .lifecycleNotification(.exit)?:
      session.withLock { $0.exitRequested = true }
    case .lifecycleNotification(.cancelRequest)?:
      let target = params?.value["id"].flatMap(RPCID.init(json:))
      if let target { session.withLock { $0.cancellable[target] }?.cancel() }
      // A long request waiting for the client to read stops waiting.
      connection.wakePacedSenders()
    case .lifecycleNotification(.initialized)?: break
    case .action?:
      // JSON-RPC: a notification is processed like a request; only its answer is dropped.
      do { _ = try call(method, entry, params, cancel: nil, batch: &batch) } catch {
        logger.log(.info, "notification \(method) failed: \(error.code) \(error.message)")
      }
    default:
      // Reads and lifecycle requests need an answer to mean anything.
      logger.log(.debug, "ignored notification \(method)")
    }
  }

  /// Refuses a long request while `maxLongRequests` are running.
  private func checkLongRequestCapacity() throws(RPCError) {
    let running = session.withLock { $0.cancellable.count }
    guard running < Self.maxLongRequests else {
      throw RPCError.busy(
        "\(running) long requests are running (the limit is \(Self.maxLongRequests)); wait for one to answer")
    }
  }

  /// Refuses a request the session's phase does not allow (`spec`: `method`'s, nil when unknown).
  private func checkPhase(_ method: String, _ entry: MethodEntry?) throws(RPCError) {
    switch session.withLock({ $0.phase }) {
    case .starting where entry?.spec.startsSession != true:
      throw RPCError.serverNotInitialized
    case .shuttingDown: throw RPCError.shuttingDown(method)
    default: break
    }
  }

  /// Runs one request to its result, written as JSON; `spec` is `method`'s, looked up once by
  /// the caller. `admitted`: its phase was checked when it arrived (a long request running
  /// beside the others), so a `shutdown` read after it does not refuse it: shutdown waits for
  /// it. What it leaves for the read's end (a deferred sync, work after the answers) goes in
  /// `batch`.
  func call(
    _ method: String, _ entry: MethodEntry?, _ params: RPCParams?, cancel: CancelFlag?,
    admitted: Bool = false,
    batch: inout ReadBatch
  ) throws(RPCError) -> [UInt8] {
    if !admitted { try checkPhase(method, entry) }
    guard let entry, !entry.spec.needsTestClock || testClock != nil else {
      throw RPCError.methodNotFound(method)
    }
    // Read through the entry (a copy of the spec would retain each of its members).
    guard !entry.spec.isNotification else {
      throw RPCError.invalidRequest("\(method) is a notification: send it without an id")
    }
    switch entry.spec.route {
    case .notAvailable(let feature):
      throw RPCError.notAvailableYet(method, feature: feature)
    case .action(let build, let progress):
      // The owner's connection drives: nothing to check, nothing read from the entry.
      if attachment != nil { try checkDrives(entry, params) }
      settleBeforeRequest(method)
      let p = try Params(params, allowed: entry.spec.paramNames)
      let prepared = try build(p, methodContext)
      let outcome = try perform(prepared.action, &batch)
      let result = ActionResult.bytes(outcome, extra: prepared.answer?(outcome, outcome.state) ?? [:])
      if let progress, let token = prepared.workDoneToken {
        watch(progress, startedBy: outcome, token: token)
      }
      return result
    case .builtin(let builtin):
      let p = try Params(params, allowed: entry.spec.paramNames, lenient: entry.spec.acceptsUnknownParams)
      // The log's events go out as the log holds them, never through a tree.
      if builtin == .readEvents { return try readEvents(p, cancel: cancel) }
      return JSONWriter.bytes(try run(builtin, p, cancel: cancel, &batch))
    case .read(let answer):
      // Dispatched to `read` before any call reaches here (a notification is not answered).
      let reply = try read(.null, entry.spec, params, answer, send: false)
      return JSONWriter.bytes(reply?["result"] ?? .null)
    case .lifecycleNotification:
      throw RPCError.invalidRequest("\(method) is a notification: send it without an id")
    }
  }

  func perform(_ action: Action, _ batch: inout ReadBatch) throws(RPCError) -> Store.Outcome {
    do {
      // Only `fsync` makes an answer wait for the disk; the other policies answer as written.
      let outcome = try store.send(action, deferDurability: batch.defersSync)
      if batch.defersSync { batch.needsSync = true }
      return outcome
    } catch let rejection as Rejection {
      throw RPCError.rejected(rejection)
    } catch {
      logger.log(.error, "append failed: \(error)")
      throw RPCError.storage("\(error)")
    }
  }

  private func run(_ builtin: MethodSpec.Builtin, _ p: Params, cancel: CancelFlag?, _ batch: inout ReadBatch)
    throws(RPCError) -> JSONValue
  {
    switch builtin {
    case .initialize: return try initialize(p, &batch)
    case .attachRole: return try chooseRole(p)
    case .advanceClock:
      try checkDrives()
      return try advanceClock(p)
    case .settle: return settle()
    case .shutdown:
      session.withLock { $0.phase = .shuttingDown }
      // An attached client ends its own session only: the core and its effects are the owner's.
      guard attachment == nil else { return .null }
      // Let effects in flight record their results; what is still running after the grace
      // period is recorded as interrupted at the next start.
      if !store.waitUntilIdle(timeout: Self.shutdownGrace) {
        logger.log(
          .warn, "shutdown: effects still in flight after \(Self.shutdownGrace) s; they resume as interrupted"
        )
      }
      // Long reads sent before it are answered first (each is bounded by its pacing stall).
      if workersDone.wait(timeout: .now() + Self.shutdownGrace + Self.subscriptionStallSeconds) == .timedOut {
        logger.log(.warn, "shutdown: long requests still running; they answer before exit")
      }
      do { try store.sync() } catch { throw RPCError.storage("\(error)") }
      return .null
    case .discover: return OpenRPCDocument.build(serverVersion: serverVersion)
    case .readEvents:
      // `call` sends its bytes as they are; a tree only for a caller that asks for one.
      let bytes = try readEvents(p, cancel: cancel)
      return (try? JSONParser.parse(bytes)) ?? .null
    case .subscribe: return try subscribe(p, &batch)
    case .unsubscribe:
      session.withLock { $0.subscription.take() }?.drop()
      return .null
    case .stateAt: return try stateAt(p, cancel: cancel)
    case .settleEffects: return try settleEffects(p)
    case .changes: return try changes(p, cancel: cancel)
    }
  }
}
