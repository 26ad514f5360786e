/// One feature of the app. A feature implements this once, in its own folder, and plugs in
/// by one line in `GalleryModules.all`; the event registry, event routing, recovery and
/// start-up are derived from that list.
///
/// This is what every feature must say, with no defaults. What a feature does beyond it is a
/// capability it opts into by conforming (`TakesActions`, `RunsEffects`, `ShowsImages`,
/// `HasScreens`, `HasProviders`, `KeepsSecrets`, `KeepsFiles`, `Resumes`, `Demonstrates`,
/// `KeepsDerivedState`, in `App/Capabilities/`): none of them has a default either, so a
/// misspelled member is "does not conform", never a hook that silently does nothing.
protocol FeatureModule: Sendable {
  /// The feature's name, written once: the key of its actions and effects (`{"name": …}`),
  /// the prefix of its event types (`name.`), and, capitalised, its folder and its contract's
  /// OpenRPC tag (`FeatureNameTests` checks every spelling against it).
  static var name: String { get }
  /// The event types this feature records: it alone owns them (their fold and their schema).
  static var events: [any EventPayload.Type] { get }
  /// How it folds events and plans effects: for each of its own event types, and for any
  /// other feature's event it reacts to (named here, so a cross-feature reaction is visible).
  static var handlers: [EventHandler] { get }
  /// The members of `AppState` it owns, as clients see them: how each is patched and encoded
  /// alone (empty when it owns none). `AppState.parts` gathers them in the order `AppState`
  /// declares its members.
  static var stateParts: [StatePart] { get }
  /// The texts of the message codes it shows, by language (empty when it shows none).
  static var messages: [Language: [String: String]] { get }
}
