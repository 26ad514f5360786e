/// A feature with a derived part of its state (sections, a count) kept in step with what its
/// folds changed.
protocol KeepsDerivedState: FeatureModule {
  /// Runs after its folds of any event it handles.
  static func afterFold(_ state: inout AppState)
}

extension FeatureModule {
  static var asKeepsDerivedState: (any KeepsDerivedState.Type)? { nil }
}

extension KeepsDerivedState {
  static var asKeepsDerivedState: (any KeepsDerivedState.Type)? { self }
}
