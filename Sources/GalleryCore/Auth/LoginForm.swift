/// The sign-in screen's state (`/login`).
public struct LoginForm: Codable, Equatable, Sendable {
  public var email = TextFieldState()
  public var password = SecretFieldState()
  /// Set by the first submit, valid or not; makes every field's error visible.
  public var submitAttempted = false
  /// True when every field is valid and nothing is in flight.
  public var canSubmit = false
  /// A request is in flight.
  public var isSubmitting = false
  /// The id of the request in flight (its result events carry it).
  @Nullable public var requestID: Int? = nil
  /// The last submit's failure: the backend's message, or a network error to retry.
  @Nullable public var error: Message? = nil

  public init() {}

  /// Recomputes validity, visible errors and `canSubmit` from the fields.
  mutating func revalidate(in language: Language = .en) {
    email.judge(FieldValidation.email(email.value), submitAttempted: submitAttempted, in: language)
    password.judge(
      FieldValidation.password(length: password.length), submitAttempted: submitAttempted, in: language)
    canSubmit = email.isValid && password.isValid && !isSubmitting
  }
}
