/// A user-facing text in the state: a stable `code` a frontend can match on, and the
/// `message` rendered in the current language.
public struct Message: Codable, Equatable, Sendable, CustomStringConvertible {
  /// Stable identifier, e.g. `email.invalid`.
  public var code: String
  /// The text to show.
  public var message: String
  /// Whether the action that failed can be retried as it is.
  public var retryable: Bool

  public init(code: String, message: String, retryable: Bool = false) {
    self.code = code
    self.message = message
    self.retryable = retryable
  }

  public var description: String { "\(code): \(message)" }
}
