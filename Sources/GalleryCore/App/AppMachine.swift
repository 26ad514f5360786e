/// The state machine: decide (action → events or a rejection), reduce (state + event →
/// state, pure and total), plan (event → effects), and recover (in-flight work after a
/// restart). Everything but `decide` is derived from the module list (`GalleryModules`).
public enum AppMachine {
  /// The events an action records, or why it was refused. With `now` (the log's clock, read
  /// only when it matters), an action that would ask a provider again before the wait it
  /// asked for is over is refused with the seconds left.
  public static func decide(_ action: Action, _ state: AppState, now: (() -> Int64)? = nil) throws(Rejection)
    -> [Event]
  {
    do throws(Rejection) {
      if let now, !state.rateLimited.isEmpty {
        let at = now()
        for area in action.retryAreas {
          guard let seconds = state.rateLimited[area.rawValue]?.secondsLeft(at: at) else { continue }
          throw Rejection("request.retryTooSoon", ["seconds": String(seconds), "area": area.rawValue])
        }
      }
      return try action.decide(state)
    } catch { throw error.rendered(in: state.settings.language) }
  }

  /// Folds one event into the state. Never fails: an event that no longer applies is ignored.
  public static func reduce(_ state: AppState, _ event: Event) -> AppState {
    var next = state
    reduce(into: &next, event)
    return next
  }

  /// Folds one event into `state` in place (no copy of what the event does not touch).
  public static func reduce(into next: inout AppState, _ event: Event) {
    guard let route = EventRegistry.app.route(of: event.payload) else { return }
    for fold in route.folds { fold(&next, event.payload) }
  }

  /// The effects `event` starts, given the state it produced. `state` is borrowed: the store
  /// passes its live state, which a copy would retain part by part on every event.
  public static func effects(of event: Event, in state: borrowing AppState) -> [Effect] {
    guard let route = EventRegistry.app.route(of: event.payload) else { return [] }
    if route.plans.count == 1 { return route.plans[0](event.payload, state) }
    var effects: [Effect] = []
    for plan in route.plans { effects += plan(event.payload, state) }
    return effects
  }

  /// Hands the vault what an accepted action carries besides its events (every feature's
  /// `keepSecrets`).
  static func keepSecrets(of action: Action, in vault: SecretVault) {
    action.keepSecrets(in: vault)
  }

  /// The file a refused action staged that nothing will use, if any (every feature's
  /// `unusedFile`).
  static func unusedFile(ofRefused action: Action, in state: AppState) -> String? {
    action.unusedFile(ofRefusedIn: state)
  }

  /// The photo some screen shows under `key`, described (every feature's `photoCard`).
  static func photoCard(forKey key: String, in state: AppState) -> PhotoCard? {
    GalleryModules.showingImages.lazy.compactMap { $0.photoCard(forKey: key, in: state) }.first
  }

  /// Actions the runtime sends once the state is recovered: each feature resumes or closes
  /// what the last process left in flight, with the providers now configured. A feature whose
  /// provider area still waits (a server's `Retry-After`, recovered from the log) asks nothing
  /// before the wait is over: its actions are sent when it ends (`later`, deadlines at `now`:
  /// the log's clock), after the wait's own end is recorded.
  public static func startupActions(_ environment: GalleryEnvironment, in state: AppState, now: () -> Int64)
    -> (now: [Action], later: [Effect])
  {
    var actions: [Action] = []
    var later: [Effect] = []
    for module in GalleryModules.resuming {
      let asked = module.startupActions(environment)
      guard !asked.isEmpty, let area = module.asHasProviders?.providerArea,
        let left = state.rateLimited[area.rawValue]?.millisecondsLeft(at: now())
      else {
        actions += asked
        continue
      }
      later += asked.map { .deadline(milliseconds: Int(clamping: left), then: $0) }
    }
    return (actions, later)
  }

  /// Effects the recovered state needs running again (timers a stopped process lost).
  public static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] {
    GalleryModules.resuming.flatMap { $0.startupEffects(state, now: now) }
  }

  /// Every feature's sweep of the files it keeps that `state` no longer names.
  public static func sweepFiles(_ state: AppState, dataDirectory: String) {
    for module in GalleryModules.keepingFiles { module.sweepFiles(state, dataDirectory: dataDirectory) }
  }

  /// Events that close work left in flight by a stopped process, so no spinner waits forever.
  public static func interruptedWork(_ state: AppState) -> [Event] {
    GalleryModules.resuming.flatMap { $0.interruptedWork(state) }
  }
}
