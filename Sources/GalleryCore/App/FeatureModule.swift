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

  // Derived, never written by a feature: the capabilities it has, each answered by the
  // capability's own extension (its module as that capability, or nil), so the registry
  // gathers them with no cast (`GalleryModules`).
  /// It as `TakesActions`, if it conforms.
  static var asTakesActions: (any TakesActions.Type)? { get }
  /// It as `RunsEffects`, if it conforms.
  static var asRunsEffects: (any RunsEffects.Type)? { get }
  /// It as `ShowsImages`, if it conforms.
  static var asShowsImages: (any ShowsImages.Type)? { get }
  /// It as `HasScreens`, if it conforms.
  static var asHasScreens: (any HasScreens.Type)? { get }
  /// It as `HasProviders`, if it conforms.
  static var asHasProviders: (any HasProviders.Type)? { get }
  /// It as `KeepsFiles`, if it conforms.
  static var asKeepsFiles: (any KeepsFiles.Type)? { get }
  /// It as `Resumes`, if it conforms.
  static var asResumes: (any Resumes.Type)? { get }
  /// It as `Demonstrates`, if it conforms.
  static var asDemonstrates: (any Demonstrates.Type)? { get }
  /// It as `KeepsDerivedState`, if it conforms.
  static var asKeepsDerivedState: (any KeepsDerivedState.Type)? { get }
}
