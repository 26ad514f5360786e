/// An action that makes no sense in the current state; nothing was recorded.
public struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
  /// Stable code, e.g. `auth.alreadySignedIn`.
  public var code: String
  public var message: String

  public init(_ code: String, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code): \(message)" }
}
