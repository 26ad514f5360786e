/// The actions a feature offers a random session (good and bad values alike), declared in its
/// folder (`NameSample.swift`) as its share of the draws and how one is drawn. The property
/// tests' sessions (`RandomSession` in GalleryTesting) draw from every feature's in the module
/// list, so a new feature is in them the moment it is composed.
public struct ActionSample: Sendable {
  /// Its share of the draws, against the other features' (the sign-in forms take the most).
  public let weight: Int
  /// One action, drawn with `random`.
  let draw: @Sendable (inout ActionDraws) -> Action

  init(weight: Int, draw: @escaping @Sendable (inout ActionDraws) -> Action) {
    self.weight = weight
    self.draw = draw
  }

  /// Every feature's, in the module list's order.
  public static var all: [ActionSample] { GalleryModules.takingActions.map { $0.actionSample } }

  /// One action of any feature, drawn by weight with `random`.
  public static func draw(_ random: inout ActionDraws) -> Action {
    let samples = all
    var n = Int(random.next() % UInt64(samples.reduce(0) { $0 + $1.weight }))
    for sample in samples {
      if n < sample.weight { return sample.draw(&random) }
      n -= sample.weight
    }
    preconditionFailure("a draw past every weight")
  }
}

/// Seeded random numbers (SplitMix64): the same seed draws the same actions.
public struct ActionDraws: Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// The next number.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// One of `options`.
  public mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }

  /// A whole number below `bound`.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// The demo feed's keys a session works with (`demo:1` … `demo:30`): rows, thumbnails, kept photos.
  public static let feedKeys = (1...30).map { "demo:\($0)" }
}
