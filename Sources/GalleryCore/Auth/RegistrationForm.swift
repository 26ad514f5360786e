/// The registration screen's state (`/registration`).
public struct RegistrationForm: Codable, Equatable, Sendable {
  public var email = TextFieldState()
  public var password = SecretFieldState()
  public var age = TextFieldState()
  public var submitAttempted = false
  public var canSubmit = false
  public var isSubmitting = false
  @Nullable public var requestID: Int? = nil
  @Nullable public var error: Message? = nil

  public init() {}

  /// Recomputes validity, visible errors and `canSubmit` from the fields.
  mutating func revalidate(in language: Language = .en) {
    email.judge(FieldValidation.email(email.value), submitAttempted: submitAttempted, in: language)
    password.judge(
      FieldValidation.password(length: password.length), submitAttempted: submitAttempted, in: language)
    age.judge(FieldValidation.age(age.value), submitAttempted: submitAttempted, in: language)
    canSubmit = email.isValid && password.isValid && age.isValid && !isSubmitting
  }
}
