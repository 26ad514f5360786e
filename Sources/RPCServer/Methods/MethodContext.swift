/// What a method may need of the server beyond its parameters while it reads them.
public struct MethodContext: Sendable {
  /// The data directory (where bytes sent for upload are kept until they are uploaded).
  public var dataDirectory: String

  public init(dataDirectory: String) {
    self.dataDirectory = dataDirectory
  }
}
