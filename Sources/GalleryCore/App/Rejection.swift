/// An action that makes no sense in the current state; nothing was recorded. Its text comes
/// from the message catalog, so a frontend in Spanish is refused in Spanish.
public struct Rejection: Error, Equatable, Sendable, CustomStringConvertible {
  /// Stable code, e.g. `auth.alreadySignedIn`: what a frontend matches on.
  public var code: String
  /// What fills the text's placeholders (an id, a field's name, the allowed values).
  public var args: [String: String]
  /// The catalog entry the text comes from: `code` itself unless one code has several texts.
  public var textCode: String
  /// The text to show: English until `rendered(in:)` (the store renders it in the state's language).
  public var message: String

  public init(_ code: String, _ args: [String: String] = [:], text: String? = nil) {
    self.code = code
    self.args = args
    self.textCode = text ?? code
    self.message = MessageCatalog.text(text ?? code, args, in: .en)
  }

  /// The same rejection with its text in `language`.
  public func rendered(in language: Language) -> Rejection {
    var copy = self
    copy.message = MessageCatalog.text(textCode, args, in: language)
    return copy
  }

  public var description: String { "\(code): \(message)" }
}
