import EventStore

/// What every feature's requests share: a server's asked-for wait (`/rateLimited`) ends by
/// the core's own clock (a timer, the test clock included), so the entry never outlives it.
enum RequestsFeature: TakesActions, Resumes {
  static let name = "requests"
  static let events: [any EventPayload.Type] = RequestsEvents.all

  static func decide(_ action: RequestsAction, _ state: AppState) throws(Rejection) -> [Event] {
    switch action {
    case .waitElapsed(let area, let until):
      // A later 429 moved the end: its own timer ends it.
      guard state.rateLimited[area.rawValue]?.until == until else { return [] }
      return [Event(RequestsEvents.WaitEnded(area: area, until: until))]
    }
  }

  /// A timer for every failure event that asks for a wait, whichever feature records it (a
  /// `let`: the carrying types are found once, `FailureCarriers`).
  static let handlers: [EventHandler] = {
    let failures = FailureCarriers.types
    return [
      .fold(RequestsEvents.WaitEnded.self) { state, e in
        guard state.rateLimited[e.area.rawValue]?.until == e.until else { return }
        state.rateLimited[e.area.rawValue] = nil
      }
    ]
      + failures.map { type in
        EventHandler(type: type, role: .plan { payload, state in waitTimers(for: payload, in: state) })
      }
  }()

  /// After a restart, each wait still in the state gets its timer again (one already over
  /// ends at once).
  static func startupEffects(_ state: AppState, now clock: () -> Int64) -> [Effect] {
    guard !state.rateLimited.isEmpty else { return [] }
    let now = clock()
    return state.rateLimited.sorted { $0.key < $1.key }.compactMap { key, limit in
      guard let area = ProviderArea(rawValue: key) else { return nil }
      let end = ISOTime.parse(Array(limit.until.utf8)) ?? now
      return timer(area, limit.until, milliseconds: Int(clamping: max(0, end - now)))
    }
  }

  /// The timer ending the wait `payload`'s failure asked for, in the areas it set.
  private static func waitTimers(for payload: any EventPayload, in state: AppState) -> [Effect] {
    guard let failure = FailureCarriers.failure(of: payload), let end = failure.retryAt,
      let observed = failure.observedAt.flatMap({ ISOTime.parse(Array($0.utf8)) })
    else { return [] }
    let until = ISOTime.format(millis: end)
    return ProviderArea.allCases.filter { state.rateLimited[$0.rawValue]?.until == until }.map {
      timer($0, until, milliseconds: Int(clamping: end - observed))
    }
  }

  private static func timer(_ area: ProviderArea, _ until: String, milliseconds: Int) -> Effect {
    .deadline(milliseconds: milliseconds, then: .requests(.waitElapsed(area: area, until: until)))
  }
}

extension RequestsFeature {
  /// The provider areas that could not be reached and those asked to wait.
  static let stateParts: [StatePart] = [
    .value("unreachable") { $0.$unreachable },
    .value("rateLimited") { $0.$rateLimited },
  ]
}

extension RequestsFeature {
  /// It shows no message of its own (a wait is shown by the area's feature).
  static let messages: [Language: [String: String]] = [:]
  /// Nothing is in flight for it: its only work is the waits' timers (`startupEffects`).
  static func interruptedWork(_ state: AppState) -> [Event] { [] }
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [] }
  /// A random session's view of the core's own timer: a wait ending, matching one the state
  /// holds or not (the latter changes nothing).
  static let actionSample = ActionSample(weight: 1) { r in
    .requests(
      .waitElapsed(area: r.pick(ProviderArea.allCases), until: r.pick(["2026-01-01T00:00:30.000Z", "x"])))
  }
}
