/// The state of a sign-in or registration form (`/login`, `/registration`): one model for
/// both, the registration's having an age field too. Fields, validation and submit state
/// are handled once, whichever form it is.
public struct AuthFormState: Codable, Equatable, Sendable {
  public var email = TextFieldState()
  public var password = SecretFieldState()
  /// The registration's age; absent from the sign-in form (and from its JSON).
  public var age: TextFieldState?
  /// Set by the first submit, valid or not; makes every field's error visible.
  public var submitAttempted = false
  /// True when every field is valid and nothing is in flight.
  public var canSubmit = false
  /// A request is in flight.
  public var isSubmitting = false
  /// The id of the request in flight (its result events carry it; not shown to clients).
  @CoreOnly @Nullable public var requestID: Int? = nil
  /// The last submit's failure: the backend's message, or a network error to retry.
  @Nullable public var error: Message? = nil

  /// An empty form of the kind `form` names, validated in `language`.
  public init(_ form: AuthForm, in language: Language = .en) {
    if form == .registration { age = TextFieldState() }
    revalidate(in: language)
  }

  /// Recomputes validity, visible errors and `canSubmit` from the fields.
  mutating func revalidate(in language: Language = .en) {
    email.judge(FieldValidation.email(email.value), submitAttempted: submitAttempted, in: language)
    password.judge(
      FieldValidation.password(length: password.length), submitAttempted: submitAttempted, in: language)
    if let value = age?.value {
      age?.judge(FieldValidation.age(value), submitAttempted: submitAttempted, in: language)
    }
    canSubmit = email.isValid && password.isValid && (age?.isValid ?? true) && !isSubmitting
  }
}

extension AppState {
  /// The form `form` names.
  subscript(form form: AuthForm) -> AuthFormState {
    get { form == .login ? login : registration }
    set {
      if form == .login { login = newValue } else { registration = newValue }
    }
    // Edited in place (a keystroke's fold): no copy of the form out and back.
    _modify {
      if form == .login { yield &login } else { yield &registration }
    }
  }
}

extension AuthFormState: PersistedDefaults {
  /// A form's defaults are the sign-in form's; inside the state each form's own place counts.
  public static var persistedDefaults: AuthFormState { AuthFormState(.login) }
}
