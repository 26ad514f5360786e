import GalleryCore

/// A seeded random session for property tests: random actions over every feature (good and
/// bad values alike), each drawn from what its feature declares (`ActionSample`), the same for
/// the same seed.
public struct RandomSession: Sendable {
  private var draws: ActionDraws

  public init(seed: UInt64) { draws = ActionDraws(seed: seed) }

  /// The next number (SplitMix64).
  public mutating func next() -> UInt64 { draws.next() }

  /// One of `options`, at random.
  public mutating func pick<T>(_ options: [T]) -> T { draws.pick(options) }

  /// A random action of any feature.
  public mutating func action() -> Action { ActionSample.draw(&draws) }
}
