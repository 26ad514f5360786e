import EventStore
import Foundation
import Guarded
import Synchronization

/// Runs effects against the environment and hands their results back as events.
/// The only place that touches backends, the credentials file and in-memory secrets.
final class EffectRuntime: Sendable {
  /// The providers in use, the settings that serve (the chosen providers or the configured
  /// ones, on the environment in use), and the features' services over them (`service`);
  /// `settings/update` swaps them.
  private let providers:
    Mutex<
      (
        environment: GalleryEnvironment, settings: ProviderSettings,
        services: [ObjectIdentifier: any Sendable]
      )
    >
  /// The start-up configuration's providers (what serves while a user has chosen none).
  private let configured: ProviderSettings
  let vault = SecretVault()
  let credentials: CredentialsFile
  let cache: ImageCache
  let limiter: DownloadLimiter
  /// The data directory: where a feature keeps its files (`resource`).
  let dataDirectory: String
  private let resources = Mutex<[ObjectIdentifier: any Sendable]>([:])

  /// A feature's long-lived helper over its files under the data directory (the feed's
  /// offline copy): made on first use, kept for the runtime's life. One per type.
  func resource<R: Sendable>(
    _ make: (_ dataDirectory: String, _ diagnostics: @escaping @Sendable (String) -> Void) -> R
  ) -> R {
    resources.withLock { resources in
      if let made = resources[ObjectIdentifier(R.self)] as? R { return made }
      let made = make(dataDirectory, diagnostics)
      resources[ObjectIdentifier(R.self)] = made
      return made
    }
  }
  /// What timers wait on.
  private let timers: any EffectClock
  /// The clock moved by hand, under which results record in the order their effects started
  /// (`order`); nil live.
  private let manualClock: ManualClock?
  /// The order results record in under the test clock (nil live: as they arrive).
  private let order: EffectOrder?
  /// What deadlines wait on: the same clock, never scaled.
  private let deadlineClock: any EffectClock
  /// Appends result events through the store; throws when they cannot be recorded.
  let append: @Sendable ([Event]) throws -> Void
  let send: @Sendable (Action) -> Void
  let diagnostics: @Sendable (String) -> Void
  /// The providers in use.
  var environment: GalleryEnvironment { providers.withLock { $0.environment } }
  /// A feature's long-lived helper over the providers in use (the account's token
  /// session): made on first use, and again once the providers change.
  func service<S: Sendable>(
    _ make: (GalleryEnvironment, CredentialsFile, @escaping @Sendable () -> Int64) -> S
  ) -> S {
    providers.withLock { providers in
      if let made = providers.services[ObjectIdentifier(S.self)] as? S { return made }
      let made = make(providers.environment, credentials, clock)
      providers.services[ObjectIdentifier(S.self)] = made
      return made
    }
  }
  private let clock: @Sendable () -> Int64
  /// The random choices that reach the log (the random video).
  let random: RandomSource
  /// A rerun's: the requests it answers from the recording instead of running (nil live).
  private let held: HeldRequests?
  /// The work in flight: what idle, settle and shutdown wait on, and the cancellable downloads.
  private struct Work {
    var inFlight = 0
    /// Deadlines not yet due: they sleep on the clock but are not work in flight.
    var deadlines = 0
    var downloads: [String: (token: Int, task: Task<Void, Never>)] = [:]
    var nextToken = 0
    var finishedTokens = Set<Int>()
  }
  private let inFlight = Guarded(Work())

  /// `append` records result events through the store (the same path as actions); `send`
  /// sends follow-up actions (timers, dispatches) through the store's decide.
  init(
    environment: GalleryEnvironment, serving: ProviderSettings, configured: ProviderSettings,
    credentials: CredentialsFile, cache: ImageCache, dataDirectory: String,
    downloadConcurrency: Int, timers: any EffectClock, deadlines: any EffectClock,
    ordered manualClock: ManualClock?,
    clock: @escaping @Sendable () -> Int64,
    random: RandomSource, held: HeldRequests? = nil,
    diagnostics: @escaping @Sendable (String) -> Void,
    append: @escaping @Sendable ([Event]) throws -> Void, send: @escaping @Sendable (Action) -> Void
  ) {
    self.credentials = credentials
    self.cache = cache
    self.dataDirectory = dataDirectory
    self.limiter = DownloadLimiter(limit: max(1, downloadConcurrency))
    self.timers = timers
    self.deadlineClock = deadlines
    self.manualClock = manualClock
    self.order = manualClock.map { _ in EffectOrder() }
    self.random = random
    self.held = held
    self.diagnostics = diagnostics
    self.append = append
    self.send = send
    self.clock = clock
    self.providers = Mutex((environment, serving, [:]))
    self.configured = configured
  }

  /// Starts `effects`: the runtime's own (follow-up actions, timers), then each feature's,
  /// run by its feature's runner (`RunsEffects.run`, found through the effect's type). Anything they need from memory is
  /// captured now, before returning.
  func start(_ effects: [Effect]) {
    for effect in effects {
      if let held, let asked = effect.asked {
        held.hold(effect, as: asked)
        continue
      }
      guard !startCommon(effect) else { continue }
      if case .feature(let effect) = effect { effect.body.start(in: self) }
    }
  }

  /// The effects every feature uses; false if `effect` is a feature's own.
  private func startCommon(_ effect: Effect) -> Bool {
    switch effect {
    case .dispatch(let action):
      dispatch([action])
    case .record(let events):
      run { events }
    case .startTimer(_, let milliseconds, let action):
      dispatch([action], after: milliseconds, on: timers)
    case .deadline(let milliseconds, let action):
      inFlight.withLock { $0.deadlines += 1 }
      // Once due it is work in flight until its action is recorded, so a settle waits for it.
      dispatch([action], after: milliseconds, on: deadlineClock, inFlight: false) {
        [self] in
        inFlight.withLock {
          $0.deadlines -= 1
          $0.inFlight += 1
        }
      }
    default:
      return false
    }
    return true
  }

  /// Runs `work` and records the events it returns (at its turn under the test clock:
  /// `EffectOrder`). When they cannot be recorded (an answer too large for one log line, a
  /// full disk), `unrecordable` names the failure events that end the work instead, so no
  /// load is left spinning without an effect behind it.
  @discardableResult
  func run(
    _ work: @escaping @Sendable () async -> [Event],
    unrecordable: (@Sendable (RequestFailure) -> [Event])? = nil
  ) -> Task<Void, Never> {
    inFlight.withLock { $0.inFlight += 1 }
    let ticket = order?.begin()
    return Task.detached { [self] in
      let events = await EffectOrder.$working.withValue(ticket) { await work() }.stampingObservedTimes(
        at: clock)
      if let ticket, let order {
        let queued = await order.turn(ticket)
        if !queued.isEmpty { appendReporting(queued) }
      }
      if !events.isEmpty {
        do { try append(events) } catch {
          diagnostics("an effect result was not recorded: \(error)")
          if let fallback = unrecordable?(Self.unrecordableFailure(error)) {
            appendReporting(fallback.stampingObservedTimes(at: clock))
          }
        }
      }
      if let ticket { order?.finish(ticket) }
      finished()
    }
  }

  /// Sends `actions` through the store (a dispatch; a timer's or a deadline's action once
  /// `milliseconds` on `clock` are over), at the effect's turn under the test clock.
  /// `inFlight`: whether it counts as work in flight from the start (a deadline does only once
  /// `due` says so).
  func dispatch(
    _ actions: [Action], after milliseconds: Int? = nil, on clock: (any EffectClock)? = nil,
    inFlight counted: Bool = true, due: (@Sendable () -> Void)? = nil
  ) {
    if counted { inFlight.withLock { $0.inFlight += 1 } }
    let ticket = order?.begin()
    // Made now, so its deadline counts from the start; under the test clock it parks the
    // effect while it sleeps, so later results pass it.
    let sleep: (@Sendable () async -> Void)? = milliseconds.map { milliseconds in
      guard let ticket, let order, let manualClock else {
        return (clock ?? timers).timer(milliseconds: milliseconds)
      }
      return manualClock.timer(
        milliseconds: milliseconds, asleep: { order.park(ticket) }, woken: { order.unpark(ticket) })
    }
    Task.detached { [self] in
      if let sleep { await sleep() }
      due?()
      if let ticket, let order {
        let queued = await order.turn(ticket)
        if !queued.isEmpty { appendReporting(queued) }
      }
      for action in actions { send(action) }
      if let ticket { order?.finish(ticket) }
      finished()
    }
  }

  /// Runs one provider call and records its result: `loaded` on success, `failed` on a
  /// failure and when the result cannot be recorded (so a load never spins forever).
  func load<T: Sendable>(
    _ call: @escaping @Sendable () async -> Result<T, RequestFailure>,
    _ loaded: @escaping @Sendable (T) -> any EventPayload,
    failed: @escaping @Sendable (RequestFailure) -> any EventPayload
  ) {
    run {
      switch await call() {
      case .success(let value): return [Event(erased: loaded(value))]
      case .failure(let failure): return [Event(erased: failed(failure))]
      }
    } unrecordable: {
      [Event(erased: failed($0))]
    }
  }

  /// Records events before the work that found them ends (an upload's progress, an album's
  /// preview), reporting (not throwing) a failure. Under the test clock they wait for the
  /// work's turn (`EffectOrder.queue`): `ticket` names the work when called off its task
  /// (the current task's work otherwise).
  func record(_ events: [Event], for ticket: EffectOrder.Ticket? = EffectOrder.working) {
    let events = events.stampingObservedTimes(at: clock)
    if let order, let ticket { return order.queue(events, for: ticket) }
    appendReporting(events)
  }

  /// Appends `events`, reporting (not throwing) a failure: for results with no fallback.
  private func appendReporting(_ events: [Event]) {
    do { try append(events) } catch {
      diagnostics("an effect result was not recorded: \(error)")
    }
  }

  /// The failure a load ends with when its result could not be recorded.
  static func unrecordableFailure(_ error: any Error) -> RequestFailure {
    if case EventLogError.tooLarge(_, _, let limit) = error {
      return RequestFailure(
        kind: .tooLarge, detail: "the answer could not be recorded: \(error)", limitBytes: limit)
    }
    return RequestFailure(kind: .malformed, detail: "the answer could not be recorded: \(error)")
  }

  /// Runs cancellable work under `id` (a newer one under the same id replaces it).
  func track(_ id: String, _ work: @escaping @Sendable () async -> [Event]) {
    let token = inFlight.withLock { work in
      work.downloads[id]?.task.cancel()
      work.nextToken += 1
      return work.nextToken
    }
    let task = run { [self] in
      let events = await work()
      untrack(id, token)
      return events
    }
    // A task that already finished must not be left registered.
    inFlight.withLock { work in
      if work.finishedTokens.remove(token) == nil { work.downloads[id] = (token, task) }
    }
  }

  private func untrack(_ id: String, _ token: Int) {
    inFlight.withLock { work in
      if work.downloads[id]?.token == token {
        work.downloads[id] = nil
      } else {
        work.finishedTokens.insert(token)
      }
    }
  }

  /// Cancels the tracked work whose id `matches`.
  func cancelDownloads(where matches: (String) -> Bool) {
    let doomed = inFlight.withLock { $0.downloads.filter { matches($0.key) } }
    for (_, entry) in doomed { entry.task.cancel() }
  }

  private func finished() {
    inFlight.change { $0.inFlight -= 1 }
  }

  /// Blocks until no effect is running (each one's result has been recorded), or until
  /// `timeout` seconds have passed; returns whether it got idle.
  @discardableResult
  func waitUntilIdle(timeout: Double? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    // Without a timeout it waits as long as the work does: every effect ends (its provider
    // calls have timeouts), so the wait does too.
    return inFlight.wait(until: deadline) { $0.inFlight == 0 ? true : nil } ?? false
  }

  /// Blocks until every effect still in flight is a timer waiting on its clock, every other
  /// having finished and recorded its result, or until `timeout` seconds have passed;
  /// returns whether it settled. `sleepers` counts the sleeps on a clock moved by hand
  /// (deadlines among them, which are not in flight); nil for the real clock.
  func waitUntilSettled(timeout: Double, sleepers: (() -> Int)?) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while true {
      // A timer starting to wait on its clock does not signal here: look again shortly.
      let settled = inFlight.wait(until: min(deadline, Date(timeIntervalSinceNow: 0.002))) { work in
        work.inFlight <= (sleepers.map { $0() - work.deadlines } ?? 0) ? true : nil
      }
      if settled == true { return true }
      if Date() >= deadline { return false }
    }
  }

  /// Serves from the providers `settings` choose (the configured ones while none are
  /// chosen) on its environment, unless they serve already (or the environment cannot be
  /// rebuilt); the new environment if they changed.
  func useProviders(_ settings: ProviderSettings) -> GalleryEnvironment? {
    providers.withLock { providers in
      let wanted = settings.serving(configured: configured)
      guard !wanted.servesLike(providers.settings), let rebuild = providers.environment.rebuild
      else { return nil }
      var next = rebuild(wanted)
      next.rebuild = rebuild
      providers = (next, wanted, [:])
      return next
    }
  }
}
