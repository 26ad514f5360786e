import EventStore
import Foundation
import Synchronization

/// Ties the machine to a data directory, for the RPC server and in-process embedders alike:
/// recovers state from snapshot + log, accepts actions, appends their events, folds them,
/// runs the effects they plan, and publishes each new state with its version (= last seq).
///
/// Unchecked Sendable: its state (`current`, `currentVersion`, the snapshot and size
/// counters, the redaction) is read and written only under `lock`, which is held across an
/// append so the log and the folded state advance together; `runtime` is set once in `init`.
public final class Store: @unchecked Sendable {
  /// How a store is opened.
  public struct Options: Sendable {
    public var durability: Durability
    /// A snapshot is saved after this many events, once the log has also grown by
    /// `snapshotGrowth` times the last snapshot's size since it.
    public var snapshotEvery: Int
    /// How much log (as a multiple of the last snapshot's size) a snapshot waits for. A
    /// snapshot costs in proportion to the state, so a large state is saved less often: its
    /// cost per appended byte stays bounded (a keystroke in a feed of 10,000 photos no longer
    /// pays a 4 MB encode every thousand events), and a start replays at most about this many
    /// snapshots' worth of log after it. 0: by `snapshotEvery` alone.
    public var snapshotGrowth: Double
    /// Milliseconds since the epoch, for the log's `time`.
    public var clock: @Sendable () -> Int64
    /// Where problems that have no caller to answer go (a failed snapshot, a lost effect result).
    public var diagnostics: @Sendable (String) -> Void
    /// The image cache's budget in bytes (the Pexels App seed's 50 MB by default).
    public var imageCacheBytes: Int
    /// Image downloads running at once.
    public var downloadConcurrency: Int
    /// Scales timer delays (1 = as planned). Tests use 0 to fire debounces at once; the
    /// planned delay in the log is unchanged, so replay is unaffected. A server's asked-for
    /// wait (a deadline) is never scaled: it ends by the clock its `until` is written in.
    public var timerScale: Double
    /// The clock timers wait on (nil: real time scaled by `timerScale`); tests pass a
    /// `TestClock` and move it themselves.
    public var effectClock: (any EffectClock)? = nil
    /// How much history the log keeps, applied when the store opens (nil: all of it).
    public var retention: Retention?
    /// The largest event data the log records, in bytes; a result over it ends its work as
    /// a `tooLarge` failure instead.
    public var maxEventBytes = 16 << 20
    /// Configured secrets (API keys, the client secret): never recorded, published or logged,
    /// even when a provider echoes one back. Stored tokens are added to them.
    public var secrets: [String] = []
    /// Where the random choices that reach the log come from (`serve --seed N` fixes them).
    public var random = RandomSource()
    /// Reads only (the inspector, over a copy of a log): every action is refused
    /// (`history.readOnly`), nothing starts at start-up, no effect runs, no retention cut.
    public var readOnly = false
    /// A rerun's hold on the requests the core makes of services, the clock and the device
    /// (`HeldRequests`): they wait for the recording's answers instead of running. nil: they run.
    var heldRequests: HeldRequests? = nil
    /// Whether opening runs the start-up (work the last process left closed, start-up actions
    /// and effects). A rerun opens without it, and with it where the recording restarted.
    var startsUp = true

    public init(
      durability: Durability = .fsync, snapshotEvery: Int = 1000, snapshotGrowth: Double = 1,
      clock: @escaping @Sendable () -> Int64 = EventLogOptions.systemClock,
      diagnostics: @escaping @Sendable (String) -> Void = { _ in }, imageCacheBytes: Int = 50_000_000,
      downloadConcurrency: Int = 4, timerScale: Double = 1, retention: Retention? = .day
    ) {
      self.retention = retention
      self.timerScale = max(0, timerScale)
      self.imageCacheBytes = imageCacheBytes
      self.downloadConcurrency = downloadConcurrency
      self.durability = durability
      self.snapshotEvery = max(1, snapshotEvery)
      self.snapshotGrowth = max(0, snapshotGrowth)
      self.clock = clock
      self.diagnostics = diagnostics
    }
  }

  /// What opening found and did.
  public struct Recovery: Sendable, Equatable {
    /// A torn final write cut from the log.
    public var tornTail: TornTail?
    /// The snapshot the state started from, if any.
    public var snapshotSeq: UInt64?
    /// Snapshots skipped and why.
    public var snapshotProblems: [String]
    /// Events folded after the snapshot.
    public var replayedEvents: Int
    /// Types of the events recorded to close work the last process left in flight.
    public var closedWork: [String]
    /// Retention dropped the events through this seq (a `log.base` event stands for them).
    public var droppedThrough: UInt64?
  }

  /// A new state, published after every append.
  public struct StateChange: Sendable {
    public var version: UInt64
    /// The state after `events` (read in place: a change is copied as it is queued and
    /// handed on, and the state is a large value, so it is held by reference).
    public var state: AppState {
      _read { yield held.state }
      set { held = HeldState(newValue) }
    }
    public var events: [EventRecord]
    private var held: HeldState

    public init(version: UInt64, state: AppState, events: [EventRecord]) {
      self.init(version: version, held: HeldState(state), events: events)
    }

    /// The patch from `previous`'s state to this one's, both read where they are held (no
    /// copy of either state: a copy retains every part). Every connection that follows the
    /// store asks it from the same previous state: it is made once and kept with this state.
    public func patch(from previous: StateChange) throws -> [JSONPatch.Operation] {
      let from = previous.held.serial
      if let kept = held.lastPatch.withLock({ $0.from == from ? $0.operations : nil }) { return kept }
      let operations = try StatePatch.diff(previous.held.state, held.state)
      held.lastPatch.withLock { $0 = PatchMemo(from: from, operations: operations) }
      return operations
    }

    fileprivate init(version: UInt64, held: HeldState, events: [EventRecord]) {
      self.version = version
      self.held = held
      self.events = events
    }
  }

  /// A state shared, never changed, by the copies of one `StateChange`, and the last patch
  /// made to it (bound: one; the state it started from is named by its serial, not held, so
  /// no chain of states is kept alive).
  fileprivate final class HeldState: Sendable {
    let state: AppState
    /// This held state's number, unique in the process (never an address, which is reused).
    let serial = HeldState.serials.add(1, ordering: .relaxed).newValue
    let lastPatch = Mutex(PatchMemo())
    init(_ state: AppState) { self.state = state }
    private static let serials = Atomic<UInt64>(0)
  }

  /// The patch last made to a held state, and from which one (its serial; 0: none yet).
  fileprivate struct PatchMemo {
    var from: UInt64 = 0
    var operations: [JSONPatch.Operation] = []
  }

  /// What an accepted action recorded.
  public struct Outcome: Sendable, Equatable {
    public var version: UInt64
    /// The events as recorded (seq, time, the bytes in the log).
    public var events: [EventRecord]
    /// The same events as typed values, so a caller reads what it needs without parsing
    /// the bytes the store just encoded.
    public var recorded: [Event] = []
    /// The state they led to (taken with them, under the store's lock), so an answer is
    /// built from the outcome, never from a later read an effect may already have moved.
    /// Held by reference, shared with the change the store published (no copy of the value).
    public var state: AppState { held.state }
    private let held: HeldState

    fileprivate init(version: UInt64, events: [EventRecord], recorded: [Event] = [], held: HeldState) {
      self.version = version
      self.events = events
      self.recorded = recorded
      self.held = held
    }

    public static func == (a: Outcome, b: Outcome) -> Bool {
      a.version == b.version && a.events == b.events && a.recorded == b.recorded && a.state == b.state
    }

    /// The first recorded event of type `P`.
    public func first<P: EventPayload>(_ type: P.Type) -> P? {
      recorded.lazy.compactMap { $0.payload.payload(as: P.self) }.first
    }
  }

  public let dataDirectory: String
  /// Whether every action is refused (`serve --inspect`).
  public var isReadOnly: Bool { options.readOnly }
  /// The random choices' source (seeded under `serve --seed`).
  public var random: RandomSource { options.random }
  public let log: EventLog
  public let recovery: Recovery
  public let credentials: CredentialsFile
  /// What recorded events are cleaned of, rebuilt when the secrets change (under `lock`).
  private var redaction = SecretRedaction([])
  /// The stored secrets `redaction` was built with (with the configured ones, which are fixed).
  private var redactionSecrets: [String]? = nil
  private let options: Options
  let snapshots: SnapshotStore
  /// States kept along the whole log, for the state at any seq.
  let checkpoints: HistoryCheckpoints
  /// The one writer's lock: decide, append, fold and queue the change happen under it, in
  /// log order (the log's own lock orders its file writes beneath it).
  private let lock = NSLock()
  private var current: AppState
  private var currentVersion: UInt64
  private var sinceSnapshot = 0
  /// Event bytes appended since the last snapshot, and that snapshot's size (0: none read or
  /// written by this process): the second half of `snapshotEvery`'s rule.
  private var bytesSinceSnapshot = 0
  private var lastSnapshotBytes = 0
  /// The log's size after a cut left it over its size bound (0: it did not).
  private var sizeTriedAt: Int64 = 0
  private var freeMemory = FreeMemoryPacer()
  private let feed = ChangeFeed()
  private var runtime: EffectRuntime!

  /// Opens (creating) the data directory and recovers its state.
  public init(
    dataDirectory: String, environment: GalleryEnvironment = GalleryEnvironment(),
    options: Options = Options()
  )
    throws
  {
    self.dataDirectory = dataDirectory
    self.options = options
    // The data directory and its folders are the owner's alone (0700, files 0600: `OwnerOnly`);
    // one made wider before (by hand, or by an older build under a loose umask) is reported.
    if let mode = OwnerOnly.widerMode(of: dataDirectory) {
      options.diagnostics(
        "the data directory \(dataDirectory) is open to other users (mode \(String(mode, radix: 8))): its log holds what the user typed; chmod 700 it"
      )
    }
    try OwnerOnly.makeFolder(dataDirectory)
    try OwnerOnly.makeFolder(dataDirectory + "/snapshots")
    log = try EventLog(
      path: dataDirectory + "/events.jsonl",
      options: EventLogOptions(
        durability: options.durability, clock: options.clock, maxEventBytes: options.maxEventBytes))
    // One judgement for every tool: a whole final line that does not read is damage, as
    // `verify` says. A writer cuts it (kept aside) to go on; a reader (`serve --inspect`) has
    // nothing to go on from and refuses, rather than show what is left as the session.
    if options.readOnly, let torn = log.recoveredTail, torn.damaged {
      throw DamagedLog(
        description: "its last line (seq \(torn.seq)) is damaged: \(torn.reason); run verify on it")
    }
    snapshots = SnapshotStore(directory: dataDirectory + "/snapshots")
    checkpoints = HistoryCheckpoints(directory: dataDirectory + "/snapshots/history")
    credentials = CredentialsFile(path: dataDirectory + "/credentials.json", report: options.diagnostics)
    let dropped = options.readOnly ? nil : LogRetention.apply(options, to: log, snapshots: snapshots)
    if let dropped { checkpoints.drop(through: dropped) }

    let (start, problems) = Store.newestSnapshot([snapshots], log: log, atOrBefore: log.lastSeq)
    // A long fold leaves checkpoints behind it, so the state at any of its seqs is quick later.
    let (checkpoints, log, clock) = (self.checkpoints, self.log, options.clock)
    let lastSeq = log.lastSeq
    // The fold's hot path checks one number; the checkpoints' lock is taken only when one is due.
    let spacing = HistoryCheckpoints.spacing(forLastSeq: lastSeq)
    var nextDue = (start?.seq ?? 0) + spacing
    let folded = try Replay.fold(try log.read(from: (start?.seq ?? 0) + 1), into: start?.state ?? AppState())
    {
      record, _, state in
      guard record.seq >= nextDue, record.batchRemaining == 0,
        checkpoints.isDue(at: record.seq, lastSeq: lastSeq),
        let checksum = log.lineChecksum(ofSeq: record.seq)
      else { return true }
      nextDue = record.seq + spacing
      try? checkpoints.consider(
        StateFormat.snapshot(state, seq: record.seq, lineChecksum: checksum, timeMillis: clock()),
        seq: record.seq, lastSeq: lastSeq)
      return true
    }
    current = folded.state
    currentVersion = log.lastSeq
    lastSnapshotBytes = start?.bytes ?? 0
    recovery = Recovery(
      tornTail: log.recoveredTail, snapshotSeq: start?.seq, snapshotProblems: problems,
      replayedEvents: Int(log.lastSeq - (start?.seq ?? 0)),
      closedWork: AppMachine.interruptedWork(folded.state).map(\.type), droppedThrough: dropped)
    // What the user chose in settings wins over the start-up configuration.
    let settings = folded.state.settings
    let budget =
      settings.imageCacheMegabytes != Settings().imageCacheMegabytes
      ? settings.imageCacheMegabytes * 1_000_000 : options.imageCacheBytes
    var environment = environment
    let configured = environment.providerSettings
    let serving = settings.providers.serving(configured: configured)
    if !serving.servesLike(configured), let rebuild = environment.rebuild {
      environment = rebuild(serving)
      environment.rebuild = rebuild
    }
    for (feature, flag, chosen) in settings.providers.overriddenFlags(configured: configured) {
      options.diagnostics(
        "settings: the \(feature) provider chosen with settings/update (\(chosen)) serves, not the configured one (\(flag), from --\(feature) or its default); choose again with settings/update to change it"
      )
    }
    let cache = try ImageCache(root: dataDirectory, budget: budget)
    let staticSecrets = options.secrets
    let diagnostics: @Sendable (String) -> Void = { [report = options.diagnostics, credentials] text in
      report(SecretRedaction(staticSecrets + credentials.secrets).redact(text))
    }
    runtime = EffectRuntime(
      environment: environment, serving: serving, configured: configured, credentials: credentials,
      cache: cache, dataDirectory: dataDirectory,
      downloadConcurrency: options.downloadConcurrency,
      timers: options.effectClock ?? SystemEffectClock(scale: options.timerScale),
      deadlines: options.effectClock ?? SystemEffectClock(), ordered: options.effectClock?.manual,
      clock: options.clock, random: options.random, held: options.heldRequests,
      diagnostics: diagnostics,
      append: { [weak self] events in
        guard let self else { return }
        _ = try self.record(events)
      },
      send: { [weak self] action in
        guard let self else { return }
        do { try self.send(action) } catch is Rejection {} catch {
          diagnostics("a follow-up action failed: \(error)")
        }
      })
    // A long replay now means a long one at every start until the next snapshot: take it now.
    if options.readOnly {
      if recovery.replayedEvents >= options.snapshotEvery { saveSnapshot() }
      return
    }
    guard options.startsUp else { return }
    let leftovers = AppMachine.interruptedWork(current)
    if !leftovers.isEmpty { _ = try record(leftovers) }
    AppMachine.sweepFiles(current, dataDirectory: dataDirectory)
    if recovery.replayedEvents >= options.snapshotEvery { saveSnapshot() }
    let startup = AppMachine.startupActions(environment, in: current, now: options.clock)
    for action in startup.now {
      do { try send(action) } catch is Rejection {} catch { diagnostics("start-up action failed: \(error)") }
    }
    // The waits' own ends first (recorded before what waited for them), then what waited.
    runtime.start(AppMachine.startupEffects(state, now: options.clock) + startup.later)
  }

  /// The built-in demo account when the demo backend signs users in (nil for another
  /// backend): a frontend shows it as a hint on its sign-in screen.
  public var demoAccount: (email: String, password: String)? {
    runtime.environment.auth is DemoAuthBackend ? DemoAuthBackend.demoAccount : nil
  }

  /// The current state.
  public var state: AppState {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// The state version: the seq of the last event folded in.
  public var version: UInt64 {
    lock.lock()
    defer { lock.unlock() }
    return currentVersion
  }

  /// State and version read together.
  public var versionedState: (version: UInt64, state: AppState) {
    lock.lock()
    defer { lock.unlock() }
    return (currentVersion, current)
  }

  /// Runs `body` with the state and version once every change up to that version has been
  /// handed to observers and before any later one is, so whatever it sends (a `state/get`
  /// answer) is ordered against every change published. Appends go on meanwhile.
  public func withPublishedState<T>(_ body: (UInt64, AppState) throws -> T) rethrows -> T {
    try handingQueued(reading: { (currentVersion, current) }) { try body($0.0, $0.1) }
  }

  /// Runs `body` once every change appended so far has been handed to observers and before
  /// any later one is: `withPublishedState` for a caller that needs only the order (a read's
  /// flush), so no copy of the state is taken for it.
  public func afterPublished<T>(_ body: () throws -> T) rethrows -> T {
    try handingQueued(reading: {}) { _ in try body() }
  }

  /// Hands every queued change to observers, then runs `body` with what `read` took under
  /// the store's lock together with the queue, all inside one delivery.
  private func handingQueued<Read, T>(reading read: () -> Read, _ body: (Read) throws -> T) rethrows -> T {
    try feed.exclusively {
      lock.lock()
      let taken = read()
      let (changes, observers) = feed.take()
      lock.unlock()
      feed.hand(changes, to: observers)
      return try body(taken)
    }
  }

  /// Decides `action` against the current state and records its events; returns once they
  /// are appended with the store's durability. A `Rejection` records nothing.
  @discardableResult
  public func send(_ action: Action, deferDurability: Bool = false) throws -> Outcome {
    var unused: String?
    do {
      return try appending {
        do {
          // In the state's language, as every refusal is (AppMachine.decide renders its own).
          guard !options.readOnly else {
            throw Rejection("history.readOnly").rendered(in: current.settings.language)
          }
          // Read in place: the member passed as it is would be copied first, every part retained.
          let events = try withUnsafePointer(to: &current) { state throws(Rejection) in
            try AppMachine.decide(action, state.pointee, now: options.clock)
          }
          AppMachine.keepSecrets(of: action, in: runtime.vault)
          return try appendLocked(events, deferDurability: deferDurability)
        } catch {
          unused = AppMachine.unusedFile(ofRefused: action, in: current)
          throw error
        }
      }
    } catch {
      if let unused { OwnFiles.remove(unused, ownedBy: dataDirectory) }
      throw error
    }
  }

  /// Runs `append` under the lock, then hands the change it queued to observers once the
  /// lock is released (in version order; see `ChangeFeed`).
  private func appending(_ append: () throws -> Outcome) throws -> Outcome {
    lock.lock()
    let outcome: Outcome
    do {
      outcome = try append()
    } catch {
      lock.unlock()
      throw error
    }
    // Trims (when due) before the change is delivered: whoever sees it sees the memory back too.
    unlockGivingMemoryBack()
    feed.deliverQueued()
    return outcome
  }

  /// Releases the lock, then gives freed memory back if a trim is due (outside the lock, so no
  /// other send waits for it).
  private func unlockGivingMemoryBack() {
    let trim = freeMemory.takeDue()
    lock.unlock()
    if trim { releaseFreeMemory() }
  }

  /// Makes every event appended so far durable (after sends with `deferDurability`).
  public func sync() throws {
    try log.sync()
  }

  /// The log's durability policy.
  public var durability: Durability { log.durability }
  /// The seq of the log's last event (0 when empty).
  public var lastSeq: UInt64 { log.lastSeq }
  /// The seq of the oldest event the log still holds.
  public var firstSeq: UInt64 { log.firstSeq }

  /// The log's records from `from` through `through` (`events/read`, `history/*`).
  public func readLog(from: UInt64, through: UInt64?) throws -> LogCursor {
    try log.read(from: from, through: through)
  }

  /// Hands `handler` the log's records after `seq`, the ones there now and every one
  /// appended later, until the subscription is cancelled (`events/subscribe`).
  public func followLog(
    after seq: UInt64, onFailure: (@Sendable (EventLogError) -> Void)? = nil,
    _ handler: @escaping @Sendable ([EventRecord]) -> Void
  ) -> LogSubscription {
    log.follow(after: seq, onFailure: onFailure, handler)
  }

  /// Records events that are facts already (effect results, recovery).
  func record(_ events: [Event]) throws -> Outcome {
    try appending { try appendLocked(events) }
  }

  private func appendLocked(_ events: [Event], deferDurability: Bool = false) throws -> Outcome {
    guard !events.isEmpty else {
      return Outcome(version: currentVersion, events: [], held: HeldState(current))
    }
    let (records, recorded, planned) = try appendFolding(events, deferDurability: deferDurability)
    var changed = records
    var effects = planned
    // A follow-up an event plans (`Effect.dispatch`: a sign-in's home loading its feed) is
    // decided now, under the lock, and its events join this change: a client sees one
    // coherent screen, never the step between. At most `maxFollowUps` an append, in order.
    // (Most appends plan none: they skip this.)
    var queue = planned[...]
    var followUps = 0
    if planned.contains(where: { if case .dispatch = $0 { true } else { false } }) {
      effects = []
    } else {
      queue = []
    }
    followingUp: while let effect = queue.popFirst() {
      guard case .dispatch(let action) = effect, followUps < Self.maxFollowUps else {
        effects.append(effect)
        continue
      }
      followUps += 1
      do {
        let more = try AppMachine.decide(action, current, now: options.clock)
        guard !more.isEmpty else { continue }
        AppMachine.keepSecrets(of: action, in: runtime.vault)
        let next = try appendFolding(more, deferDurability: deferDurability)
        changed += next.records
        queue = next.effects[...] + queue
      } catch is Rejection {
        // As a frontend's would be: refused, it records nothing.
      } catch {
        // What is appended stays (and is published); the rest of the follow-ups are dropped.
        options.diagnostics("a follow-up action failed: \(error)")
        effects += queue.filter { if case .dispatch = $0 { false } else { true } }
        break followingUp
      }
    }
    let held = HeldState(current)
    feed.enqueue(StateChange(version: currentVersion, held: held, events: changed))
    sinceSnapshot += changed.count
    // The size bound is checked on every append, by bytes: a few large events must not wait
    // for the next snapshot's thousand to be cut (retention then keeps half the bound). When a
    // cut could not bring it under (a state larger than the bound), the next try waits for a
    // quarter of the bound more, so appends never pay a fold each.
    var overSize = false
    let bound = options.readOnly ? nil : options.retention?.keepBytes
    if let bound {
      let size = log.byteCount
      overSize = size > bound && size >= sizeTriedAt + bound / 4
    }
    let grown = Double(bytesSinceSnapshot) >= options.snapshotGrowth * Double(lastSnapshotBytes)
    if (sinceSnapshot >= options.snapshotEvery && grown) || overSize {
      saveSnapshotLocked()
      // Still over after the cut: the next try waits; under it, the next excess tries at once.
      if let bound { sizeTriedAt = log.byteCount > bound ? log.byteCount : 0 }
    }
    runtime.start(effects)
    return Outcome(version: currentVersion, events: records, recorded: recorded, held: held)
  }

  /// Follow-ups decided within one append at most (a chain of them ends there; the rest run
  /// as effects).
  static let maxFollowUps = 8

  /// Encodes `events`, cleans them of secrets, appends them and folds them; returns their
  /// records, the events as folded, and the effects they plan.
  private func appendFolding(_ events: [Event], deferDurability: Bool) throws
    -> (records: [EventRecord], events: [Event], effects: [Effect])
  {
    var events = events
    var encoded = try events.map(EventCodec.encode)
    // Rebuilt only when the stored secrets change (the configured ones never do): no list is
    // made per append.
    let stored = credentials.secrets
    if stored != redactionSecrets {
      redaction = SecretRedaction(options.secrets + stored)
      redactionSecrets = stored
    }
    if !redaction.isEmpty {
      for k in encoded.indices {
        guard let clean = redaction.redact(encoded[k].data) else { continue }
        // The state folds what the log keeps, so replay and the live state stay equal.
        encoded[k].data = clean
        events[k] = try EventCodec.decode(type: encoded[k].type, version: encoded[k].version, data: clean)
      }
    }
    let records = try log.append(encoded, expectedLastSeq: currentVersion, deferSync: deferDurability)
    var effects: [Effect] = []
    for event in events {
      AppMachine.reduce(into: &current, event)
      effects += AppMachine.effects(of: event, in: current)
    }
    currentVersion = records.last!.seq
    let bytes = encoded.reduce(0) { $0 + $1.data.count }
    bytesSinceSnapshot += bytes
    freeMemory.recorded(bytes)
    return (records, events, effects)
  }

  private func saveSnapshotLocked() {
    do {
      let head = log.head
      let snapshot = try StateFormat.snapshot(
        current, seq: head.seq, lineChecksum: head.lineChecksum, timeMillis: options.clock())
      try snapshots.save(snapshot)
      try checkpoints.consider(snapshot, seq: head.seq, lastSeq: head.seq)
      sinceSnapshot = 0
      bytesSinceSnapshot = 0
      lastSnapshotBytes = snapshot.state.count
      // A server left running keeps its history bounded too (the store's lock holds sends).
      if !options.readOnly, let dropped = LogRetention.apply(options, to: log, snapshots: snapshots) {
        checkpoints.drop(through: dropped)
      }
      // Encoding a large state peaks far above what the state keeps: give that back.
      freeMemory.peaked()
    } catch {
      options.diagnostics("snapshot at seq \(currentVersion) failed: \(error)")
    }
  }

  /// Calls `handler` with every new state, in version order, after its append and outside
  /// the store's lock: it may read the store, but must not block or send actions from it
  /// (deliveries wait for one another).
  public func observe(_ handler: @escaping @Sendable (StateChange) -> Void) -> StoreObservation {
    observe(current: { _, _ in }, handler)
  }

  /// Like `observe`, first handing `current` the state and version the first change will follow.
  public func observe(
    current: (UInt64, AppState) -> Void, _ handler: @escaping @Sendable (StateChange) -> Void
  ) -> StoreObservation {
    let id = feed.exclusively {
      lock.lock()
      current(currentVersion, self.current)
      let (changes, observers) = feed.take()
      let id = feed.add(handler)
      lock.unlock()
      feed.hand(changes, to: observers)
      return id
    }
    return StoreObservation { [weak self] in self?.feed.remove(id) }
  }

  /// Blocks until every effect started so far has finished and recorded its result (or
  /// until `timeout` seconds have passed); returns whether they all finished.
  @discardableResult
  public func waitUntilIdle(timeout: Double? = nil) -> Bool {
    runtime.waitUntilIdle(timeout: timeout)
  }

  /// Blocks until nothing is in flight but timers waiting on a `ManualClock` (each other
  /// effect finished and recorded), or `timeout` seconds passed; returns whether it settled.
  /// With the real clock, a timer counts as in flight until it fires.
  @discardableResult
  public func waitUntilSettled(timeout: Double) -> Bool {
    let clock = options.effectClock?.manual
    return runtime.waitUntilSettled(timeout: timeout, sleepers: clock.map { clock in { clock.pending } })
  }

  /// Saves a snapshot of the current state now.
  public func saveSnapshot() {
    lock.lock()
    saveSnapshotLocked()
    unlockGivingMemoryBack()
  }

  /// Closes the log (effects still running will find it closed and their results are dropped,
  /// to be recorded as interrupted at the next start).
  public func close() throws {
    try log.close()
  }
}

/// An observer's registration; `cancel()` stops notifications.
public final class StoreObservation: Sendable {
  private let onCancel: @Sendable () -> Void
  init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
  public func cancel() { onCancel() }
}

/// Why a read-only store does not open a log: its last line is damaged (what `verify` calls
/// damage; a writer would cut it, a reader has nothing to show from it).
public struct DamagedLog: Error, Sendable, CustomStringConvertible {
  public var description: String
}
