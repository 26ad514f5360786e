/// A feature with work outside the fold: its effect type and the runner that starts one
/// (results come back as events, through `EffectRuntime.run`).
protocol RunsEffects: FeatureModule {
  /// Its effects (`Effect.feature` carries one).
  associatedtype Effects: FeatureEffect where Effects.Feature == Self
  /// Starts `effect`, capturing from memory what it needs before returning.
  static func run(_ effect: Effects, in runtime: EffectRuntime)
}

extension FeatureModule {
  static var asRunsEffects: (any RunsEffects.Type)? { nil }
}

extension RunsEffects {
  static var asRunsEffects: (any RunsEffects.Type)? { self }
}
