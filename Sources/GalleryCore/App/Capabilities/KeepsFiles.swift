/// A feature that keeps something beyond its events: upgrade steps for its persisted state,
/// files under the data directory, sections of the credentials file.
protocol KeepsFiles: FeatureModule {
  /// The steps that upgrade a persisted state after its part changed shape (`StateFormat`).
  static var stateUpgrades: [StateUpgrade] { get }
  /// The sections it keeps in the credentials file (tokens).
  static var credentialSections: [any CredentialSection.Type] { get }
  /// Removes the files it keeps under the data directory that `state` no longer names (run
  /// at start-up, after recovery).
  static func sweepFiles(_ state: AppState, dataDirectory: String)
}

extension FeatureModule {
  static var asKeepsFiles: (any KeepsFiles.Type)? { nil }
}

extension KeepsFiles {
  static var asKeepsFiles: (any KeepsFiles.Type)? { self }
}
