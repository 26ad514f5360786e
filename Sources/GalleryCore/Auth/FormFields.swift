/// A text field of a form: what was typed, whether it was edited, its error once shown.
public struct TextFieldState: Codable, Equatable, Sendable {
  /// Exactly what the user typed.
  public var value: String = ""
  /// Set by the first edit; errors show once a field was edited or a submit was attempted.
  public var edited: Bool = false
  /// Whether the value passes the field's policy.
  public var isValid: Bool = false
  /// The message to show, or nil.
  @Nullable public var error: Message? = nil

  public init() {}
}

/// A password field. Its value never enters the state or the log: only its length.
public struct SecretFieldState: Codable, Equatable, Sendable {
  /// How many characters the password has.
  public var length: Int = 0
  public var edited: Bool = false
  public var isValid: Bool = false
  @Nullable public var error: Message? = nil

  public init() {}
}

/// A field with a validity and an error that shows once edited or after a submit attempt.
protocol ValidatedField {
  var edited: Bool { get }
  var isValid: Bool { get set }
  var error: Message? { get set }
}

extension ValidatedField {
  /// Applies the policy's verdict (`code` nil when valid).
  mutating func judge(_ code: String?, submitAttempted: Bool, in language: Language) {
    isValid = code == nil
    error = (edited || submitAttempted) ? code.map { MessageCatalog.message($0, in: language) } : nil
  }
}

extension TextFieldState: ValidatedField {}
extension SecretFieldState: ValidatedField {}

extension TextFieldState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: TextFieldState { TextFieldState() }
}

extension SecretFieldState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: SecretFieldState { SecretFieldState() }
}

extension SecretFieldState: SchemaRefined {
  public static var schemaRefinements: [String: JSONValue] { ["length": Schema.atLeast(0)] }
}
