/// Which of the two account forms an auth event or action is about.
public enum AuthForm: String, Codable, Sendable, CaseIterable {
  case login, registration

  /// The method that submits this form (what retries a failed submit).
  var submitMethod: String { self == .login ? "auth/submitLogin" : "registration/submit" }
}

/// A text field of the auth forms (passwords have their own event, which carries no value).
public enum AuthTextField: String, Codable, Sendable, CaseIterable {
  case email, age
}

/// The sign-in and registration facts recorded in the log.
public enum AuthEvents {
  static let all: [any EventPayload.Type] = [
    FieldEdited.self, PasswordEdited.self, SubmitAttempted.self, Submitted.self, Succeeded.self, Failed.self,
    Interrupted.self, PasswordsForgotten.self, RegistrationOpened.self, SignedOut.self,
  ]

  /// The user typed into an email or age field.
  public struct FieldEdited: EventPayload {
    public static let type = "auth.fieldEdited"
    public static let role: EventRole<Self> = .input(
      method: "auth/setEmail, registration/setEmail, registration/setAge"
    ) { e, _ in
      e.field == .email ? .auth(.setEmail(e.form, e.value)) : .auth(.setAge(e.value))
    }
    public static let documented = EventDoc(
      data: #"`form` (`login`/`registration`), `field` (`email`/`age`), `value`"#,
      recordedWhen: #"the user typed into an email or age field"#)
    public var form: AuthForm
    public var field: AuthTextField
    public var value: String

    public init(form: AuthForm, field: AuthTextField, value: String) {
      self.form = form
      self.field = field
      self.value = value
    }
  }

  /// The user typed into a password field. Only the length is recorded, never the value.
  public struct PasswordEdited: EventPayload {
    public static let type = "auth.passwordEdited"
    public static let role: EventRole<Self> = .input(method: "auth/setPassword, registration/setPassword") {
      e, _ in
      .auth(.setPassword(e.form, Secret(String(repeating: "x", count: max(0, e.length)))))
    }
    public static let documented = EventDoc(
      data: #"`form`, `length`"#,
      recordedWhen: #"the user typed into a password field"#)
    public var form: AuthForm
    public var length: Int

    public init(form: AuthForm, length: Int) {
      self.form = form
      self.length = length
    }
  }

  /// Submit was pressed while a field was invalid: every error becomes visible.
  public struct SubmitAttempted: EventPayload {
    public static let type = "auth.submitAttempted"
    public static let role: EventRole<Self> = .input(method: "auth/submitLogin, registration/submit") {
      e, _ in .auth(.submit(e.form))
    }
    public static let documented = EventDoc(
      data: #"`form`"#,
      recordedWhen: #"submit was pressed while a field was invalid"#)
    public var form: AuthForm

    public init(form: AuthForm) {
      self.form = form
    }
  }

  /// A valid form was submitted; the request `requestID` goes to the backend.
  public struct Submitted: EventPayload {
    public static let type = "auth.submitted"
    public static let role: EventRole<Self> = .input(method: "auth/submitLogin, registration/submit") {
      e, _ in .auth(.submit(e.form))
    }
    public static let documented = EventDoc(
      data: #"`form`, `requestID`, `email` (trimmed)"#,
      recordedWhen: #"a valid form went to the backend"#)
    public var form: AuthForm
    public var requestID: Int
    public var email: String

    public init(form: AuthForm, requestID: Int, email: String) {
      self.form = form
      self.requestID = requestID
      self.email = email
    }
  }

  /// The backend accepted: `email` is signed in (its token went to the credentials file).
  public struct Succeeded: EventPayload {
    public static let type = "auth.succeeded"
    public static let role: EventRole<Self> = .result { RequestTag("sign-in", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`form`, `requestID`, `email`"#,
      recordedWhen:
        #"the backend accepted (the token went to the credentials file); the favorites shown become `email`'s"#
    )
    public var form: AuthForm
    public var requestID: Int
    public var email: String

    public init(form: AuthForm, requestID: Int, email: String) {
      self.form = form
      self.requestID = requestID
      self.email = email
    }
  }

  /// The backend refused, or the request failed.
  public struct Failed: CarriesFailure {
    public static let type = "auth.failed"
    public static let role: EventRole<Self> = .result { RequestTag("sign-in", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`form`, `requestID`, `failure`"#,
      recordedWhen: #"the backend refused or the request failed"#)
    public var form: AuthForm
    public var requestID: Int
    public var failure: RequestFailure

    public init(form: AuthForm, requestID: Int, failure: RequestFailure) {
      self.form = form
      self.requestID = requestID
      self.failure = failure
    }
  }

  /// The process stopped while the request was in flight (recorded at the next start).
  public struct Interrupted: EventPayload {
    public static let type = "auth.interrupted"
    public static let role: EventRole<Self> = .decision
    public static let documented = EventDoc(
      data: #"`form`, `requestID`"#,
      recordedWhen: #"at start-up: the last process stopped with this request in flight"#)
    public var form: AuthForm
    public var requestID: Int

    public init(form: AuthForm, requestID: Int) {
      self.form = form
      self.requestID = requestID
    }
  }

  /// The process restarted: typed passwords lived only in its memory and must be typed again.
  public struct PasswordsForgotten: EventPayload {
    public static let type = "auth.passwordsForgotten"
    public static let role: EventRole<Self> = .decision
    public static let documented = EventDoc(
      data: #""#,
      recordedWhen: #"at start-up: typed passwords lived only in the last process's memory"#)

    public init() {}
  }

  /// The registration screen was opened from sign-in.
  public struct RegistrationOpened: EventPayload {
    public static let type = "auth.registrationOpened"
    public static let role: EventRole<Self> = .input(method: "registration/open") { _, _ in
      .auth(.openRegistration)
    }
    public static let documented = EventDoc(
      data: #""#,
      recordedWhen: #"registration was opened"#)

    public init() {}
  }

  /// The user signed out; the credentials were cleared.
  public struct SignedOut: EventPayload {
    public static let type = "auth.signedOut"
    public static let role: EventRole<Self> = .input(method: "auth/logout") { _, _ in .auth(.logout) }
    public static let documented = EventDoc(
      data: #""#,
      recordedWhen: #"the user signed out; the favorites shown become the device's"#)

    public init() {}
  }
}
