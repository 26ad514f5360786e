import JSON

/// The rate bound on resource-updated notifications: at most one round per `interval`, and the
/// last change always announced. Changes mark their resources dirty; a round sends every dirty
/// one. A value, owned by the face's session state.
struct UpdatePacer: Sendable {
  /// 100 ms, in nanoseconds.
  static let interval: UInt64 = 100_000_000

  private(set) var dirty: Set<String> = []
  private var lastRound: UInt64? = nil
  private var scheduled = false

  /// What to do after a change.
  enum Decision: Equatable, Sendable {
    /// Send this round now.
    case sendNow([String])
    /// Come back at this time (monotonic nanoseconds) and call `round`.
    case scheduleAt(UInt64)
    /// A round is already coming, or nothing is dirty.
    case wait
  }

  /// Marks `uris` changed at `now` and says when to announce them.
  mutating func changed(_ uris: some Sequence<String>, now: UInt64) -> Decision {
    dirty.formUnion(uris)
    guard !dirty.isEmpty, !scheduled else { return .wait }
    if let lastRound, now < lastRound + Self.interval {
      scheduled = true
      return .scheduleAt(lastRound + Self.interval)
    }
    return .sendNow(takeRound(now: now))
  }

  /// The scheduled round, at `now`: every dirty resource.
  mutating func round(now: UInt64) -> [String] {
    scheduled = false
    return takeRound(now: now)
  }

  /// Forgets a resource no one listens to any more.
  mutating func forget(_ uri: String) { dirty.remove(uri) }

  private mutating func takeRound(now: UInt64) -> [String] {
    lastRound = now
    let sent = dirty.sorted()
    dirty.removeAll()
    return sent
  }
}
