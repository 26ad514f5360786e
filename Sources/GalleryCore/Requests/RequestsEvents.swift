/// The facts about requests shared by every feature, recorded in the log.
public enum RequestsEvents {
  static let all: [any EventPayload.Type] = [WaitEnded.self]

  /// The wait a server asked for (`/rateLimited/AREA`, ending at `until`) is over by the
  /// core's clock: the area may be asked again, and the entry goes.
  public struct WaitEnded: EventPayload {
    public static let type = "requests.waitEnded"
    public static let role: EventRole<Self> = .result {
      .deadline(.requests(.waitElapsed(area: $0.area, until: $0.until)))
    }
    public static let documented = EventDoc(
      data: #"`area`, `until`"#,
      recordedWhen:
        #"the wait a server asked for (`/rateLimited/AREA`, ending at `until`) is over by the core's clock: the entry goes (a later 429 that moved the end is not affected)"#
    )
    public var area: ProviderArea
    public var until: String
    public init(area: ProviderArea, until: String) {
      self.area = area
      self.until = until
    }
  }
}

extension RequestsEvents.WaitEnded: PersistedDefaults {
  /// The feed's area, no time (an entry never matches it).
  public static var persistedDefaults: Self { Self(area: ProviderArea.declared[0], until: "") }
}
