import EventStore

/// A provider area that answered "too many requests" with a delay (`/rateLimited/AREA`): until
/// `until`, the actions that would ask it again are refused with the seconds left
/// (`request.retryTooSoon`), so the app does what its message says.
public struct RateLimit: Codable, Equatable, Sendable {
  /// When a retry may go out (ISO 8601 UTC): the answer's time plus its Retry-After.
  public var until: String

  public init(until: String) {
    self.until = until
  }

  /// The whole seconds left at `now` (milliseconds since the epoch), or nil once passed.
  func secondsLeft(at now: Int64) -> Int? {
    millisecondsLeft(at: now).map { Int(($0 + 999) / 1000) }
  }

  /// The milliseconds left of the wait at `now` (the log's clock); nil once it is over.
  func millisecondsLeft(at now: Int64) -> Int64? {
    guard let end = ISOTime.parse(Array(until.utf8)), now < end else { return nil }
    return end - now
  }
}

extension RateLimit: PersistedDefaults {
  /// No time.
  public static var persistedDefaults: RateLimit { RateLimit(until: "") }
}
