/// A user-facing text in the state: a stable `code` a frontend can match on, and the
/// `message` rendered in the current language.
public struct Message: Codable, Equatable, Sendable, CustomStringConvertible {
  /// Stable identifier, e.g. `email.invalid`.
  public var code: String
  /// The text to show.
  public var message: String
  /// Whether the action that failed can be retried as it is.
  public var retryable: Bool
  /// What fills the text's placeholders, kept so a language switch can render it again.
  public var args: [String: String]
  /// How to retry it: present on every retryable message the state holds, absent otherwise.
  public var retry: Retry?

  public init(code: String, message: String, retryable: Bool = false, args: [String: String] = [:]) {
    self.code = code
    self.message = message
    self.retryable = retryable
    self.args = args
  }

  /// The same message rendered in `language`.
  public func rendered(in language: Language) -> Message {
    var rendered = self
    rendered.message = MessageCatalog.text(code, args, in: language)
    return rendered
  }

  public var description: String { "\(code): \(message)" }
}

extension Message: PersistedDefaults {
  /// No code and no text, not retryable, no arguments.
  public static var persistedDefaults: Message { Message(code: "", message: "") }
}
