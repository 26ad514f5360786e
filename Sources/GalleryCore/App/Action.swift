/// One feature's actions: what a frontend (or the runtime) can ask of that feature, decided by
/// it alone. A feature conforms its action type in its own folder; `Action` carries any of them,
/// so adding a feature adds no case anywhere else.
protocol FeatureAction: FeatureValue where Feature: TakesActions, Feature.Actions == Self {
  /// Hands `vault` what the accepted action carries besides its events (its feature's
  /// `KeepsSecrets`; nothing for a feature without it). Derived: never written by a feature.
  func keepSecrets(in vault: SecretVault)
  /// The file the refused action staged that nothing will use (its feature's `KeepsSecrets`).
  func unusedFile(ofRefusedIn state: AppState) -> String?
  /// The provider areas the action asks again (its feature's `HasProviders`).
  var retryAreas: [ProviderArea] { get }
}

extension FeatureAction {
  /// The events its feature records for it in `state`, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event] { try Feature.decide(self, state) }

  func keepSecrets(in vault: SecretVault) {}
  func unusedFile(ofRefusedIn state: AppState) -> String? { nil }
  var retryAreas: [ProviderArea] { [] }
}

extension FeatureAction where Feature: KeepsSecrets {
  func keepSecrets(in vault: SecretVault) { Feature.keepSecrets(of: self, in: vault) }
  func unusedFile(ofRefusedIn state: AppState) -> String? { Feature.unusedFile(ofRefused: self, in: state) }
}

extension FeatureAction where Feature: HasProviders {
  var retryAreas: [ProviderArea] { Feature.retryAreas(of: self) }
}

/// Everything a frontend can ask for: one feature's action. Built with the constructor each
/// feature declares beside its action type (`.name(…)`), routed by its type to its feature (`FeatureAction`); encoded as
/// `{"name": action}`.
public struct Action: FeatureValueCarrier, Sendable {
  let body: any FeatureAction

  init(_ body: some FeatureAction) { self.body = body }

  var carried: any FeatureValue { body }
  static let what = "an action"
  /// The action readers of the composed features, by feature name.
  static let readers = FeatureValueCoding.readers(GalleryModules.takingActions.map { $0.actionReader })

  /// The events the action's feature records for it, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event] { try body.decide(state) }
  /// Hands `vault` what the accepted action carries besides its events.
  func keepSecrets(in vault: SecretVault) { body.keepSecrets(in: vault) }
  /// The file the refused action staged that nothing will use, if any.
  func unusedFile(ofRefusedIn state: AppState) -> String? { body.unusedFile(ofRefusedIn: state) }
  /// The provider areas the action asks again.
  var retryAreas: [ProviderArea] { body.retryAreas }
}
