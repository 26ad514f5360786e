/// Which features see an event: the one whose prefix its type carries (`feed.` → Feed), then
/// any feature that also reacts to it (listed here, so a cross-feature reaction is visible in
/// one place). Each reducer and effect planner then tries only its own few cases instead of
/// every feature trying its whole chain of casts on every event.
enum EventRoutes {
  /// One feature's fold and effect planner, and the event types it sees.
  struct Feature: Sendable {
    let prefixes: [String]
    /// Events of other features this one folds or plans effects for.
    let alsoSees: [any EventPayload.Type]
    let reduce: @Sendable (inout AppState, any EventPayload) -> Void
    let effects: @Sendable (any EventPayload, AppState) -> [Effect]

    func owns(_ type: String) -> Bool { prefixes.contains { type.hasPrefix($0) } }
  }

  /// In the order they run for an event that several of them see.
  static let features: [Feature] = [
    Feature(prefixes: ["log."], alsoSees: [], reduce: LogEvents.reduce, effects: { _, _ in [] }),
    Feature(prefixes: ["auth."], alsoSees: [], reduce: AuthFeature.reduce, effects: AuthFeature.effects),
    Feature(prefixes: ["nav."], alsoSees: [], reduce: NavigationFeature.reduce, effects: { _, _ in [] }),
    Feature(
      prefixes: ["feed.", "connectivity."],
      alsoSees: [AuthEvents.Succeeded.self, NavigationEvents.WentBack.self],
      reduce: FeedFeature.reduce, effects: FeedFeature.effects),
    Feature(
      prefixes: ["albums."], alsoSees: [NavigationEvents.WentBack.self], reduce: AlbumsFeature.reduce,
      effects: AlbumsFeature.effects),
    Feature(
      prefixes: ["account."], alsoSees: [], reduce: AccountFeature.reduce, effects: AccountFeature.effects),
    Feature(prefixes: ["video."], alsoSees: [], reduce: VideoFeature.reduce, effects: VideoFeature.effects),
    Feature(
      prefixes: ["settings."], alsoSees: [], reduce: SettingsFeature.reduce, effects: SettingsFeature.effects),
  ]

  /// The features each registered event type reaches; every type has exactly one owner.
  private static let byType: [ObjectIdentifier: [Feature]] = {
    var map: [ObjectIdentifier: [Feature]] = [:]
    for t in EventCodec.registered {
      let owners = features.filter { $0.owns(t.type) }
      precondition(
        owners.count == 1, "event type \(t.type) must have one owning feature, has \(owners.count)")
      map[ObjectIdentifier(t)] = features.filter { f in
        f.owns(t.type) || f.alsoSees.contains { ObjectIdentifier($0) == ObjectIdentifier(t) }
      }
    }
    return map
  }()

  /// The features that see `payload`, in running order.
  static func features(seeing payload: any EventPayload) -> [Feature] {
    byType[ObjectIdentifier(type(of: payload))] ?? features.filter { $0.owns(type(of: payload).type) }
  }
}
