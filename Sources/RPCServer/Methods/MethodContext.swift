import GalleryCore

/// What a method may need of the server beyond its parameters while it reads them.
public struct MethodContext: Sendable {
  /// The data directory (where bytes sent for upload are kept until they are uploaded).
  public var dataDirectory: String
  /// The random choices that reach the log (the OAuth `state`), seeded under `serve --seed`.
  public var random: RandomSource
  /// The staged upload files the state names now (nil: none are swept before staging).
  public var stagedInUse: (@Sendable () -> Set<String>)?

  public init(
    dataDirectory: String, random: RandomSource = RandomSource(),
    stagedInUse: (@Sendable () -> Set<String>)? = nil
  ) {
    self.dataDirectory = dataDirectory
    self.random = random
    self.stagedInUse = stagedInUse
  }
}
