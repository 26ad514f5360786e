/// One feature's actions: what a frontend (or the runtime) can ask of that feature, decided by
/// it alone. A feature conforms its action type in its own folder; `Action` carries any of them,
/// so adding a feature adds no case anywhere else.
protocol FeatureAction: FeatureValue {
  /// The events its feature records for it in `state`, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event]
}

/// Everything a frontend can ask for: one feature's action. Built with the constructor each
/// feature declares beside its action type (`.name(…)`), read back with `as`; encoded as
/// `{"name": action}`.
public struct Action: FeatureValueCarrier, Sendable {
  let body: any FeatureAction

  init(_ body: some FeatureAction) { self.body = body }

  init?(carrying value: any FeatureValue) {
    guard let action = value as? any FeatureAction else { return nil }
    body = action
  }

  var carried: any FeatureValue { body }
  static let what = "an action"
  /// The action types of the composed features, by feature name.
  static let types = FeatureValueCoding.types { $0.actions }

  /// The action as `type`'s, if it is one of that feature's.
  func `as`<A: FeatureAction>(_ type: A.Type) -> A? { body as? A }

  /// The events the action's feature records for it, or why it refuses.
  func decide(_ state: AppState) throws(Rejection) -> [Event] { try body.decide(state) }
}
