import GalleryCore

/// What a method may need of the server beyond its parameters while it reads them.
public struct MethodContext: Sendable {
  /// The data directory (where bytes sent for upload are kept until they are uploaded).
  public var dataDirectory: String
  /// The random choices that reach the log (the OAuth `state`), seeded under `serve --seed`.
  public var random: RandomSource
  /// The state as it is now, for a method that must not undo what it names (nil: not known).
  public var currentState: (@Sendable () -> AppState)?

  public init(
    dataDirectory: String, random: RandomSource = RandomSource(),
    currentState: (@Sendable () -> AppState)? = nil
  ) {
    self.dataDirectory = dataDirectory
    self.random = random
    self.currentState = currentState
  }
}
