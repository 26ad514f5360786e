import EventStore

/// Events of the log itself rather than of a feature.
public enum LogEvents {
  /// The first event of a log whose older events retention dropped (`LogRetention`): the
  /// state they had built, at the seq of the last one dropped. Folding it replaces the state.
  public struct Base: EventPayload {
    public static let type = EventLine.baseType
    /// The state after the last event dropped.
    public var state: AppState
    /// Set when the base opens a bug-report bundle: what wrote it and which range it holds.
    public var bundle: BundleOrigin?

    /// A base standing for the events that built `state`.
    public init(state: AppState, bundle: BundleOrigin? = nil) {
      self.state = state
      self.bundle = bundle
    }
  }

}

/// The log's own events as a module: a base replaces the state.
enum LogFeature: FeatureModule {
  static let events: [any EventPayload.Type] = [LogEvents.Base.self]
  static let messages: [Language: [String: String]] = [
    .en: ["history.readOnly": "This is a recorded session, open to read only: nothing can change it."],
    .es: ["history.readOnly": "Es una sesión grabada, abierta solo para leer: nada puede cambiarla."],
  ]
  static let handlers: [EventHandler] = [.fold(LogEvents.Base.self) { state, e in state = e.state }]
}
