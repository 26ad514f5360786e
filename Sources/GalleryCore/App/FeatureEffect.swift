/// One feature's effects: work outside the fold that its own `start` runs. A feature conforms
/// its effect type in its own folder; `Effect.feature` carries any of them.
protocol FeatureEffect: FeatureValue where Feature: RunsEffects, Feature.Effects == Self {
  /// The request it makes of a service or the device, which a rerun answers from the
  /// recording instead of running it (`Rerun`); nil for local work (a file kept, a cancel),
  /// which a rerun runs as it is.
  var asked: RequestTag? { get }
}

extension FeatureEffect {
  /// Starts the effect with its feature's runner.
  func start(in runtime: EffectRuntime) { Feature.run(self, in: runtime) }
}

/// A feature's effect inside an `Effect` (`Effect.feature`), built with the constructor each
/// feature declares beside its effect type (`.name(…)`); encoded as `{"name": effect}`.
public struct AnyFeatureEffect: FeatureValueCarrier, Sendable {
  let body: any FeatureEffect

  init(_ body: some FeatureEffect) { self.body = body }

  var carried: any FeatureValue { body }
  static let what = "an effect"
  /// The effect readers of the composed features, by feature name.
  static let readers = FeatureValueCoding.readers(GalleryModules.runningEffects.map { $0.effectReader })
}
