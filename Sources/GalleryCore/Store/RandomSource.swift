import Synchronization

/// Every random choice the core makes that reaches the log (the random video, the OAuth
/// `state`): the system's generator, or, with a seed (`serve --seed N`), a SplitMix64
/// sequence, so a test session records the same values on every run.
public final class RandomSource: Sendable {
  /// The SplitMix64 state (unused without a seed).
  private let state: Mutex<UInt64>
  /// The seed, when the choices are fixed.
  public let seed: UInt64?

  /// `seed`: fixes every choice (nil: the system's generator).
  public init(seed: UInt64? = nil) {
    self.seed = seed
    self.state = Mutex(seed ?? 0)
  }

  /// The next 64 random bits.
  public func next() -> UInt64 {
    guard seed != nil else {
      var system = SystemRandomNumberGenerator()
      return system.next()
    }
    return state.withLock { state in
      // SplitMix64 (Steele, Lea, Flood 2014): full period, good enough for choices, not keys.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A whole number in `0..<count` (`count` > 0), without modulo bias.
  public func int(below count: Int) -> Int {
    precondition(count > 0)
    let bound = UInt64(count)
    let limit = UInt64.max - UInt64.max % bound
    while true {
      let value = next()
      if value < limit { return Int(value % bound) }
    }
  }

  /// `length` characters drawn from `alphabet`.
  public func string(length: Int, from alphabet: String) -> String {
    let characters = Array(alphabet)
    return String((0..<length).map { _ in characters[int(below: characters.count)] })
  }
}
