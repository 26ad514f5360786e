import EventStore

/// Events of the log itself rather than of a feature.
public enum LogEvents {
  /// The first event of a log whose older events retention dropped (`LogRetention`): the
  /// state they had built, at the seq of the last one dropped. Folding it replaces the state.
  public struct Base: EventPayload {
    public static let type = EventLine.baseType
    /// The state after the last event dropped.
    public var state: AppState

    /// A base standing for the events that built `state`.
    public init(state: AppState) { self.state = state }
  }

  static let all: [any EventPayload.Type] = [Base.self]

  static func reduce(_ state: inout AppState, _ payload: any EventPayload) {
    if let base = payload as? Base { state = base.state }
  }
}
