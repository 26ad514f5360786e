import Dispatch
import EventStore
import Foundation
import GalleryCore

/// Serves one store over one connection: the lifecycle, dispatch of every method, state
/// patches and event subscriptions. One straight path: request → action → store (events
/// appended, state folded) → `state/changed` → response.
///
/// `@unchecked Sendable`: its members shared between threads are read and written under
/// `lock`; the read's flags (`holding`, `held`, `heldAppends`, `afterAnswers`, `coalescing`)
/// belong to the reader thread, which alone runs `run` and `handle`. (Issue 42's batch per
/// read is to carry them in a value instead.)
public final class GalleryServer: @unchecked Sendable {
  enum Phase { case starting, running, shuttingDown }

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
  /// Guards the members the reader, long requests and observers share (phase, exit,
  /// cancellable requests, the published baseline); never held across a read or a write.
  let lock = NSLock()
  private var phase = Phase.starting
  private var exitRequested = false
  var observation: StoreObservation?
  /// The state the last `state/changed` brought clients to.
  var baseline = AppState()
  /// While the reader serves one read's messages under `--durability fsync` (their answers
  /// wait for the shared fsync anyway), changes are folded into one `state/changed` sent
  /// before those answers: one diff per read instead of one per request.
  var coalescing = false
  /// The latest change not yet published while coalescing, and the version it starts from.
  var coalesced: (change: Store.StateChange, from: UInt64)?
  /// This connection's `events/subscribe`, if any (one per connection).
  var subscription: SubscriptionDelivery?
  var cancellable: [RPCID: CancelFlag] = [:]
  /// Long work reporting `$/progress` (an upload), as its method declares it.
  var watchedWork: [WatchedWork] = []
  let workers = DispatchQueue(label: "gallery-rpc.long-requests", attributes: .concurrent)
  let workersDone = DispatchGroup()
  /// Reader thread only: answers waiting for the current read's shared fsync.
  var holding = false
  /// Set by `initialize`: publishing starts once its answer is out.
  private var publishingDue = false
  var held: [JSONValue] = []
  var heldAppends = false
  /// Reader thread only: what waits for the answers of the current read to be queued for
  /// writing (a subscription's first delivery); run, then emptied, after the read's uncork.
  var afterAnswers: [() -> Void] = []

  /// `testClock` must be the store's `effectClock` and log clock (`serve --test-clock`).
  public init(
    store: Store, connection: RPCConnection, logger: Logger, serverVersion: String, maxMessageBytes: Int,
    testClock: ManualClock? = nil
  ) {
    self.testClock = testClock
    self.store = store
    self.connection = connection
    self.logger = logger
    self.serverVersion = serverVersion
    self.maxMessageBytes = maxMessageBytes
  }

  /// Serves until `exit` or end of input; returns the exit status (0 only after shutdown).
  public func run() -> Int32 {
    connection.run(chunks: { items in
      // Answers to the messages of one read wait for one shared fsync (group commit for
      // pipelined requests); they are sent in order once it is done, in one write.
      connection.cork()
      defer {
        connection.uncork()
        startAfterAnswers()
      }
      holding = true
      if store.log.durability == .fsync {
        lock.lock()
        coalescing = true
        lock.unlock()
      }
      for item in items {
        switch item {
        case .error(let reason):
          logger.log(.warn, "framing: \(reason)")
          reply(RPCOutgoing.error(.null, .invalidRequest(reason)))
        case .message(let bytes):
          handle(bytes)
        }
        lock.lock()
        let stop = exitRequested
        lock.unlock()
        if stop { break }
      }
      store.withPublishedState { _, _ in publishCoalesced(andStop: true) }
      releaseHeld()
      lock.lock()
      defer { lock.unlock() }
      return !exitRequested
    })
    workersDone.wait()
    lock.lock()
    let status: Int32 = phase == .shuttingDown ? 0 : 1
    observation?.cancel()
    subscription?.drop()
    lock.unlock()
    if !connection.flush() {
      logger.log(.warn, "the client stopped reading: answers still queued are dropped")
    }
    do { try store.close() } catch { logger.log(.error, "closing the log: \(error)") }
    logger.log(.info, "exit with status \(status)")
    return status
  }

  /// Handles one framed message: a single call or a batch.
  func handle(_ bytes: [UInt8]) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      reply(RPCOutgoing.error(.null, .parseError("\(error)")))
      return
    }
    if case .array(let members) = value {
      guard !members.isEmpty else {
        reply(RPCOutgoing.error(.null, .invalidRequest("an empty batch")))
        return
      }
      guard members.count <= Self.maxBatch else {
        reply(
          RPCOutgoing.error(
            .null,
            .invalidRequest(
              "a batch of \(members.count) messages is over the limit of \(Self.maxBatch); none was run")))
        return
      }
      let responses = members.compactMap { dispatch(RPCIncoming($0), inBatch: true) }
      if !responses.isEmpty { reply(.array(responses)) }
    } else if let response = dispatch(RPCIncoming(value), inBatch: false) {
      reply(response)
    }
    startPublishingOnceInitializeIsAnswered()
  }

  /// `state/changed` goes out only once `initialize` is answered (LSP sends nothing before
  /// the initialize result): changes since its baseline are held (coalesced) until its answer
  /// has gone (after the shared fsync, if any), then sent as one patch.
  private func startPublishingOnceInitializeIsAnswered() {
    lock.lock()
    let due = publishingDue
    publishingDue = false
    lock.unlock()
    guard due else { return }
    releaseHeld()
    holding = true
    // Under fsync the read's changes stay coalesced until its end, as for every read.
    let stop = store.log.durability != .fsync
    store.withPublishedState { _, _ in publishCoalesced(andStop: stop) }
  }

  /// Answers a call (nil for notifications and for requests answered later).
  func dispatch(_ incoming: RPCIncoming, inBatch: Bool) -> JSONValue? {
    switch incoming {
    case .invalid(let id, let error):
      return RPCOutgoing.error(id, error)
    case .notification(let method, let params):
      notify(method, params)
      return nil
    case .request(let id, let method, let params):
      let started = DispatchTime.now().uptimeNanoseconds
      defer {
        logger.log(
          .debug, "\(method) answered in \((DispatchTime.now().uptimeNanoseconds - started) / 1000) µs")
      }
      do {
        // The one lookup of the request: everything after takes the spec.
        let spec = MethodCatalog.byName[method]
        switch spec?.route {
        case .builtin(let builtin)? where builtin.isLong && !inBatch:
          try checkPhase(method, spec)
          try checkLongRequestCapacity()
          startLongRequest(id: id, method: method, spec: spec, params: params)
          return nil
        case .read(let answer)?:
          try checkPhase(method, spec)
          settleBeforeRequest(method)
          return try read(id, spec!, params, answer, send: !inBatch)
        default:
          return RPCOutgoing.result(id, try call(method, spec, params, cancel: nil))
        }
      } catch {
        logger.log(.info, "\(method) failed: \(error.code) \(error.message)")
        return RPCOutgoing.error(id, error)
      }
    }
  }

  private func notify(_ method: String, _ params: JSONValue?) {
    let spec = MethodCatalog.byName[method]
    switch spec?.route {
    case .lifecycleNotification(.exit)?:
      lock.lock()
      exitRequested = true
      lock.unlock()
    case .lifecycleNotification(.cancelRequest)?:
      let target = params?["id"].flatMap(RPCID.init(json:))
      lock.lock()
      if let target { cancellable[target]?.cancel() }
      lock.unlock()
      // A long request waiting for the client to read stops waiting.
      connection.wakePacedSenders()
    case .lifecycleNotification(.initialized)?: break
    case .action?:
      // JSON-RPC: a notification is processed like a request; only its answer is dropped.
      do { _ = try call(method, spec, params, cancel: nil) } catch {
        logger.log(.info, "notification \(method) failed: \(error.code) \(error.message)")
      }
    default:
      // Reads and lifecycle requests need an answer to mean anything.
      logger.log(.debug, "ignored notification \(method)")
    }
  }

  /// Refuses a long request while `maxLongRequests` are running.
  private func checkLongRequestCapacity() throws(RPCError) {
    lock.lock()
    let running = cancellable.count
    lock.unlock()
    guard running < Self.maxLongRequests else {
      throw RPCError.busy(
        "\(running) long requests are running (the limit is \(Self.maxLongRequests)); wait for one to answer")
    }
  }

  /// Refuses a request the session's phase does not allow (`spec`: `method`'s, nil when unknown).
  private func checkPhase(_ method: String, _ spec: MethodSpec?) throws(RPCError) {
    lock.lock()
    let phase = self.phase
    lock.unlock()
    switch phase {
    case .starting where spec?.startsSession != true:
      throw RPCError.serverNotInitialized
    case .shuttingDown: throw RPCError.shuttingDown(method)
    default: break
    }
  }

  /// Runs one request to its result; `spec` is `method`'s, looked up once by the caller.
  /// `admitted`: its phase was checked when it arrived (a long request running beside the
  /// others), so a `shutdown` read after it does not refuse it: shutdown waits for it.
  func call(
    _ method: String, _ spec: MethodSpec?, _ params: JSONValue?, cancel: CancelFlag?, admitted: Bool = false
  ) throws(RPCError) -> JSONValue {
    if !admitted { try checkPhase(method, spec) }
    guard let spec, !spec.needsTestClock || testClock != nil else {
      throw RPCError.methodNotFound(method)
    }
    guard !spec.isNotification else {
      throw RPCError.invalidRequest("\(method) is a notification: send it without an id")
    }
    switch spec.route {
    case .notAvailable(let feature):
      throw RPCError.notAvailableYet(method, feature: feature)
    case .action(let build, let progress):
      settleBeforeRequest(method)
      let p = try Params(params, allowed: spec.paramNames)
      let prepared = try build(
        p,
        MethodContext(
          dataDirectory: store.dataDirectory, random: store.random, currentState: { [store] in store.state }))
      let outcome = try perform(prepared.action)
      var result: [String: JSONValue] = [
        "version": .number(Double(outcome.version)),
        "events": .array(
          outcome.events.map { .object(["seq": .number(Double($0.seq)), "type": .string($0.type)]) }),
      ]
      if let answer = prepared.answer { result.merge(answer(outcome, store.state)) { _, extra in extra } }
      if let progress, let token = prepared.workDoneToken {
        watch(progress, startedBy: outcome, token: token)
      }
      return .object(result)
    case .builtin(let builtin):
      let p = try Params(params, allowed: spec.paramNames, lenient: spec.acceptsUnknownParams)
      return try run(builtin, p, cancel: cancel)
    case .read(let answer):
      // Dispatched to `read` before any call reaches here (a notification is not answered).
      guard let reply = try read(.null, spec, params, answer, send: false) else { return .null }
      return reply["result"] ?? .null
    case .lifecycleNotification:
      throw RPCError.invalidRequest("\(method) is a notification: send it without an id")
    }
  }

  private func perform(_ action: Action) throws(RPCError) -> Store.Outcome {
    do {
      // Only `fsync` makes an answer wait for the disk; the other policies answer as written.
      let deferred = holding && store.log.durability == .fsync
      let outcome = try store.send(action, deferDurability: deferred)
      if deferred { heldAppends = true }
      return outcome
    } catch let rejection as Rejection {
      throw RPCError.rejected(rejection)
    } catch {
      logger.log(.error, "append failed: \(error)")
      throw RPCError.storage("\(error)")
    }
  }

  private func run(_ builtin: MethodSpec.Builtin, _ p: Params, cancel: CancelFlag?) throws(RPCError)
    -> JSONValue
  {
    switch builtin {
    case .initialize: return try initialize(p)
    case .advanceClock: return try advanceClock(p)
    case .settle: return settle()
    case .shutdown:
      lock.lock()
      phase = .shuttingDown
      lock.unlock()
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
      do { try store.log.sync() } catch { throw RPCError.storage("\(error)") }
      return .null
    case .discover: return OpenRPCDocument.build(serverVersion: serverVersion)
    case .readEvents: return try readEvents(p, cancel: cancel)
    case .subscribe: return try subscribe(p)
    case .unsubscribe:
      lock.lock()
      subscription?.drop()
      subscription = nil
      lock.unlock()
      return .null
    case .stateAt: return try stateAt(p, cancel: cancel)
    case .changes: return try changes(p, cancel: cancel)
    }
  }

  private func initialize(_ p: Params) throws(RPCError) -> JSONValue {
    let options = try InitializationOptions.parse(try p[ServerMethods.Parameter.initializationOptions])
    lock.lock()
    guard phase == .starting else {
      lock.unlock()
      throw RPCError.invalidRequest("initialize may be sent only once")
    }
    phase = .running
    lock.unlock()
    // The declared shape is recorded (when it changed) before the baseline is taken, so the
    // state the client reads next already has it.
    // A log read only keeps the shape it recorded.
    // The start settings go first, so a first page the shape loads has their page size.
    if !store.isReadOnly {
      if let settings = options.settings { _ = try perform(.settings(.adoptStartSettings(settings))) }
      _ = try perform(.navigation(.adoptShape(options.shape)))
    }
    lock.lock()
    coalescing = true
    publishingDue = true
    lock.unlock()
    // Outside the server's lock: deliveries take it, and this waits for them.
    // The baseline is set before any change can be delivered to `publish`.
    // The answer's stateVersion is the baseline's: the first patch starts from it.
    var baselineVersion: UInt64 = 0
    let observation = store.observe(current: { version, state in
      setBaseline(state)
      baselineVersion = version
    }) { [weak self] change in
      self?.publish(change)
    }
    lock.lock()
    self.observation = observation
    lock.unlock()
    let available = MethodCatalog.all.filter {
      if case .notAvailable = $0.route { return false }
      return !$0.needsTestClock || testClock != nil
    }
    let later = MethodCatalog.all.filter {
      if case .notAvailable = $0.route { return true }
      return false
    }
    let directory = store.dataDirectory
    let absolute =
      directory.hasPrefix("/")
      ? directory : FileManager.default.currentDirectoryPath + "/" + directory
    return .object([
      "serverInfo": .object(["name": .string("gallery-rpc"), "version": .string(serverVersion)]),
      // Image paths in the state are relative to it (so a log replays the same elsewhere).
      "dataDirectory": .string(URL(fileURLWithPath: absolute).standardizedFileURL.path),
      "protocolVersion": .string(OpenRPCDocument.protocolVersion),
      "capabilities": .object([
        "methods": .array(available.map { .string($0.name) }),
        "notAvailableYet": .array(later.map { .string($0.name) }),
        "notifications": .array(MethodCatalog.serverNotifications.map { .string($0.name) }),
        "framings": .array(Framing.allCases.map { .string($0.rawValue) }),
        "framing": .string((connection.framing ?? .ndjson).rawValue),
        "stateVersion": .number(Double(baselineVersion)),
        "testClock": .bool(testClock != nil),
        // Whether the random choices that reach the log are fixed (`serve --seed`).
        "seeded": .bool(store.random.seed != nil),
        // `serve --inspect`: a log read, never written; every action is refused.
        "readOnly": .bool(store.isReadOnly),
        "maxMessageBytes": .number(Double(maxMessageBytes)),
        // The demo backend's built-in account, for a sign-in screen's hint (null otherwise).
        "demoAccount": store.demoAccount.map {
          .object(["email": .string($0.email), "password": .string($0.password)])
        } ?? .null,
      ]),
    ])
  }

}
