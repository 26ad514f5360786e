import EventStore

/// A provider area whose last request could not reach its server (`/unreachable/AREA`):
/// what the core observed, kept apart from what the frontend declared (`/connectivity`).
/// It is shown, never obeyed: the next request tries the network again, and any answer from
/// the server (even an error) clears it.
public struct Unreachable: Codable, Equatable, Sendable {
  /// When the first failure of this run was observed (ISO 8601 UTC); null for a log
  /// written before the core stamped it.
  @Nullable public var since: String?
  /// What the failure said, in the current language.
  public var message: Message

  public init(since: String?, message: Message) {
    self.since = since
    self.message = message
  }
}

/// A result event that carries a request's failure, so the runtime can stamp when an
/// unreachable server was observed (by the log's clock, which a test clock controls).
public protocol CarriesFailure: EventPayload {
  var failure: RequestFailure { get set }
}

/// The event types that carry a failure, each answering for itself (`failureAccess`: no
/// question to the runtime, whose conformance scan cost 21 M instructions a process): an
/// append asks of every event whether it carries one, one witness call each.
public enum FailureCarriers {
  /// Reads and stamps the failure of one carrying type's payloads.
  public struct Access: Sendable {
    let failure: @Sendable (any EventPayload) -> RequestFailure?
    let stamped: @Sendable (any EventPayload, String) -> any EventPayload
  }

  /// The carrying types, in module order.
  static let types: [any EventPayload.Type] = GalleryModules.all.flatMap { $0.events }.filter {
    $0.failureAccess != nil
  }

  /// The failure `payload` carries; nil when its type carries none.
  static func failure(of payload: any EventPayload) -> RequestFailure? {
    type(of: payload).failureAccess?.failure(payload)
  }

  /// `payload` with its failure observed at `time`; itself when its type carries none.
  static func stamped(_ payload: any EventPayload, observedAt time: String) -> any EventPayload {
    type(of: payload).failureAccess?.stamped(payload, time) ?? payload
  }
}

extension CarriesFailure {
  /// Its failure, read and stamped through its own type.
  public static var failureAccess: FailureCarriers.Access? {
    FailureCarriers.Access(
      failure: { $0.payload(as: Self.self)?.failure },
      stamped: { payload, time in
        guard var carrier = payload.payload(as: Self.self) else { return payload }
        carrier.failure.observedAt = time
        return carrier
      })
  }
}

extension RequestFailure {
  /// What a load fails with at once while the frontend declares the device offline.
  static let declaredOffline = RequestFailure(kind: .offline, detail: "the device is offline")

  /// Whether it is the failure of a request that never went out because the frontend
  /// declared the device offline (`connectivity/set false`).
  var isDeclaredOffline: Bool { kind == .offline && detail == Self.declaredOffline.detail }
}

extension Message {
  /// Whether it says a load failed for want of a network: the device declared offline, or a
  /// server that could not be reached. Back online, such a load goes again by itself.
  public var saysOffline: Bool { code == "request.offline" || code == "request.unreachable" }
}

extension AppState {
  /// The effect a provider load plans: `effect` when the frontend says the device is online,
  /// else `failed` recorded at once (no request is made).
  func load(_ effect: Effect, failed: (RequestFailure) -> any EventPayload) -> [Effect] {
    connectivity == .online ? [effect] : [.record([Event(erased: failed(.declaredOffline))])]
  }

  /// Notes what a request of `area` observed: a failure to reach the server marks the area
  /// unreachable (keeping the first time), any other outcome means the server answered.
  /// A failure made up because the frontend declared itself offline observes nothing.
  /// `retry` is what retries the request (the unreachable message carries it).
  mutating func observe(_ area: ProviderArea, _ failure: RequestFailure?, retry: Retry? = nil) {
    guard let failure else {
      unreachable[area.rawValue] = nil
      rateLimited[area.rawValue] = nil
      return
    }
    rateLimited[area.rawValue] = failure.retryAt.map { RateLimit(until: ISOTime.format(millis: $0)) }
    switch failure.kind {
    case .offline:
      guard connectivity == .online, unreachable[area.rawValue] == nil else { return }
      var said = message(for: failure)
      if let retry { said = said.retrying(retry.method, retry.params) }
      unreachable[area.rawValue] = Unreachable(since: failure.observedAt, message: said)
    case .http, .rejected, .malformed, .tooLarge, .empty:
      unreachable[area.rawValue] = nil
    case .timeout, .cancelled, .misconfigured:
      break
    }
  }
}

extension RequestFailure {
  /// Whether the time it was observed matters: a server not reached, or a delay to wait.
  var needsObservedTime: Bool { kind == .offline || retryAfterSeconds != nil }

  /// When a retry may go out (milliseconds since the epoch), for a failure that asked to wait.
  var retryAt: Int64? {
    guard let seconds = retryAfterSeconds, let observedAt,
      let observed = ISOTime.parse(Array(observedAt.utf8))
    else { return nil }
    return observed + Int64(min(max(seconds, 0), 86_400)) * 1000
  }
}

extension [Event] {
  /// The events with each failure whose time matters stamped with `now` (ISO 8601), once.
  func stampingObservedTimes(at now: () -> Int64) -> [Event] {
    guard contains(where: { FailureCarriers.failure(of: $0.payload)?.needsObservedTime == true }) else {
      return self
    }
    let time = ISOTime.format(millis: now())
    return map { event in
      guard let failure = FailureCarriers.failure(of: event.payload), failure.needsObservedTime,
        failure.observedAt == nil
      else { return event }
      return Event(erased: FailureCarriers.stamped(event.payload, observedAt: time))
    }
  }
}

extension Unreachable: PersistedDefaults {
  /// No time, the default message.
  public static var persistedDefaults: Unreachable { Unreachable(since: nil, message: .persistedDefaults) }
}
