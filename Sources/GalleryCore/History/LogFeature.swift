import EventStore

/// Events of the log itself rather than of a feature.
public enum LogEvents {
  /// The first event of a log whose older events retention dropped (`LogRetention`): the
  /// state they had built, at the seq of the last one dropped. Folding it replaces the state.
  // JSON shape: general: its data is the whole state, read once a log and upgraded by format.
  public struct Base: EventPayload, PersistedDefaults {
    public static let type = EventLine.baseType
    public static let role: EventRole<Self> = .log
    public static let documented = EventDoc(
      data: #"`state` (the whole state; v1 to v3 are state formats 1 to 3, upgraded when read), `bundle?`"#,
      recordedWhen:
        #"retention dropped the events before it, or a bug-report bundle starts here: only ever the first line of a log. In a bundle (`gallery-rpc export`) `bundle` is `{"build", "protocolVersion", "from", "to", "exportedAt"}` and the line's seq is FROM-1 (0 for a bundle from seq 1, the only line that may have seq 0) ([event-log.md](event-log.md#retention))"#
    )
    /// The line's `v` is the state's format (`StateFormat`).
    public static var version: Int { StateFormat.current }
    /// A missing member of the state takes the default `AppState()` declares for its place.
    public static var persistedDefaults: Base { Base(state: AppState()) }
    /// The state after the last event dropped.
    public var state: AppState
    /// Set when the base opens a bug-report bundle: what wrote it and which range it holds.
    public var bundle: BundleOrigin?

    /// A base standing for the events that built `state`.
    public init(state: AppState, bundle: BundleOrigin? = nil) {
      self.state = state
      self.bundle = bundle
    }

    /// An older base: its state goes through the format's upgrade steps.
    public static func upgrade(_ data: [UInt8], from version: Int) throws -> [UInt8] {
      guard case .object(var members) = try JSONParser.parse(data), let state = members["state"] else {
        throw EventDecodingError(type: type, reason: "a base without a state")
      }
      members["state"] = try StateFormat.upgrade(state, from: version)
      return JSONWriter.bytes(.object(members))
    }

    public static func newerVersion(_ found: Int) -> String {
      "\(StateFormatError.newer(found: found, reads: StateFormat.current))"
    }
  }

  /// A line `gallery-rpc repair --set-aside-unreadable` took out of the log: sound, but its
  /// data did not read on the build that repaired it. It keeps the line's seq, time and place
  /// in its batch, and changes nothing; the line is kept byte for byte in the file it names.
  public struct SetAside: EventPayload {
    public static let type = "log.setAside"
    public static let role: EventRole<Self> = .log
    public static let documented = EventDoc(
      data:
        #"`event` (the type of the line set aside), `v` (its version), `reason` (why its data did not read), `keptIn` (the file beside the log that holds the line, byte for byte)"#,
      recordedWhen:
        #"`gallery-rpc repair LOG --set-aside-unreadable` took out a sound line this build could not read, at its seq, time and place in its batch; folding it changes nothing (the state goes on without what the line did)"#
    )
    /// The type of the event set aside.
    public var event: String
    /// Its schema version.
    public var v: Int
    /// Why its data did not read.
    public var reason: String
    /// The file beside the log that holds the line.
    public var keptIn: String

    public init(event: String, v: Int, reason: String, keptIn: String) {
      self.event = event
      self.v = v
      self.reason = reason
      self.keptIn = keptIn
    }
  }
}

/// The log's own events as a module: a base replaces the state.
enum LogFeature: FeatureModule {
  static let name = "log"
  static let events: [any EventPayload.Type] = [LogEvents.Base.self, LogEvents.SetAside.self]
  static let messages: [Language: [String: String]] = [
    .en: [
      "history.readOnly": "This is a recorded session, open to read only: nothing can change it.",
      "history.observeOnly":
        "This window only watches the app: the app's owner lets others act with --admit drive.",
      "history.consentNeeded":
        "Only the app's owner may remove what you have, sign out or drop credentials: it lets others with --consent destructive.",
    ],
    .es: [
      "history.readOnly": "Es una sesión grabada, abierta solo para leer: nada puede cambiarla.",
      "history.observeOnly":
        "Esta ventana solo observa la app: quien la abrió permite actuar a otros con --admit drive.",
      "history.consentNeeded":
        "Solo quien abrió la app puede borrar lo tuyo, cerrar la sesión o quitar credenciales: lo permite a otros con --consent destructive.",
    ],
  ]
  static let handlers: [EventHandler] = [
    .fold(LogEvents.Base.self) { state, e in state = e.state },
    // What the line set aside did is lost: the state goes on without it.
    .ignore(LogEvents.SetAside.self),
  ]
}

extension LogFeature {
  /// The log's events change no member of the state a client sees.
  static let stateParts: [StatePart] = []
}
