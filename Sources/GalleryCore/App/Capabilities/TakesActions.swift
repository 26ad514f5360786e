/// A feature a frontend (or the runtime) can ask for something: its action type, how it
/// decides one, and the sample the random sessions draw from, so every feature with actions
/// is exercised by the property tests.
protocol TakesActions: FeatureModule {
  /// Its actions (`Action` carries one; decoding an `Action` finds the type by `name`).
  associatedtype Actions: FeatureAction where Actions.Feature == Self
  /// The events it records for `action` in `state`, or why it refuses.
  static func decide(_ action: Actions, _ state: AppState) throws(Rejection) -> [Event]
  /// The actions a random session may send it, good and bad values alike (`ActionSample`).
  static var actionSample: ActionSample { get }
}

extension FeatureModule {
  static var asTakesActions: (any TakesActions.Type)? { nil }
}

extension TakesActions {
  static var asTakesActions: (any TakesActions.Type)? { self }
}
