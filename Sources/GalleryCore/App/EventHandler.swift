/// What one feature does with one event type: fold it into the state, or plan the effects
/// it starts. Built with `fold` and `plan`, which name the type once, so the handler gets
/// the typed event and no feature tries a chain of casts to find its own.
struct EventHandler: Sendable {
  enum Role: Sendable {
    case fold(@Sendable (inout AppState, any EventPayload) -> Void)
    case plan(@Sendable (any EventPayload, AppState) -> [Effect])
  }

  /// The event type handled.
  let type: any EventPayload.Type
  let role: Role

  /// Folds events of `type` into the state (pure and total: an event that no longer
  /// applies leaves the state as it is).
  static func fold<E: EventPayload>(
    _ type: E.Type, _ body: @escaping @Sendable (inout AppState, E) -> Void
  ) -> EventHandler {
    EventHandler(type: type, role: .fold { state, payload in body(&state, payload.unwrapped(as: E.self)) })
  }

  /// Plans the effects an event of `type` starts, judged against the state it produced.
  static func plan<E: EventPayload>(
    _ type: E.Type, _ body: @escaping @Sendable (E, AppState) -> [Effect]
  ) -> EventHandler {
    EventHandler(type: type, role: .plan { payload, state in body(payload.unwrapped(as: E.self), state) })
  }

  /// An event the feature records for the log's sake and that changes nothing it shows
  /// (said explicitly, so a forgotten reducer is told apart from none needed).
  static func ignore<E: EventPayload>(_ type: E.Type) -> EventHandler {
    EventHandler(type: type, role: .fold { _, _ in })
  }
}

extension EventPayload {
  /// The payload as `E`, which the registry's routing (by type) says it is: the same type
  /// reinterprets for free, where a cast out of the existential costs the runtime about 340
  /// instructions an event.
  fileprivate func unwrapped<E: EventPayload>(as type: E.Type) -> E {
    precondition(Self.self == E.self, "the registry routed a \(Self.self) to the handler of \(E.self)")
    return unsafeBitCast(self, to: E.self)
  }

  /// The payload as `P` when it is one, by the type's identity (no trial cast).
  func payload<P: EventPayload>(as type: P.Type) -> P? {
    Self.self == P.self ? unsafeBitCast(self, to: P.self) : nil
  }
}
