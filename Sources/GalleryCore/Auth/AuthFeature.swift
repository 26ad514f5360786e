/// Sign-in, registration and the session: decide, reduce, plan effects, recover.
enum AuthFeature: FeatureModule {
  static func decide(_ action: AuthAction, _ state: AppState) throws(Rejection) -> [Event] {
    if state.session.status == .signedIn, action != .logout {
      throw Rejection("auth.alreadySignedIn", "Already signed in; sign out first.")
    }
    switch action {
    case .setEmail(let form, let value):
      try requireOpen(form, state)
      return [Event(AuthEvents.FieldEdited(form: form, field: .email, value: value))]
    case .setPassword(let form, let secret):
      try requireOpen(form, state)
      return [Event(AuthEvents.PasswordEdited(form: form, length: secret.value.count))]
    case .setAge(let value):
      try requireOpen(.registration, state)
      return [Event(AuthEvents.FieldEdited(form: .registration, field: .age, value: value))]
    case .openRegistration:
      guard state.route.last?.screen == .login else {
        throw Rejection("auth.registrationFromLoginOnly", "Registration opens from the sign-in screen.")
      }
      guard !state.login.isSubmitting else { throw Rejection("auth.busy", "Wait for the sign-in to finish.") }
      return [Event(AuthEvents.RegistrationOpened())]
    case .submit(let form):
      try requireOpen(form, state)
      let fields =
        form == .login
        ? (state.login.isSubmitting, state.login.canSubmit, state.login.email.value)
        : (state.registration.isSubmitting, state.registration.canSubmit, state.registration.email.value)
      guard !fields.0 else { throw Rejection("auth.busy", "A request is already in flight.") }
      guard fields.1 else { return [Event(AuthEvents.SubmitAttempted(form: form))] }
      return [
        Event(
          AuthEvents.Submitted(
            form: form, requestID: state.nextRequestID, email: FieldValidation.normalizedEmail(fields.2)))
      ]
    case .logout:
      guard state.session.status == .signedIn else {
        throw Rejection("auth.notSignedIn", "Nobody is signed in.")
      }
      return [Event(AuthEvents.SignedOut())]
    }
  }

  private static func requireOpen(_ form: AuthForm, _ state: AppState) throws(Rejection) {
    if form == .registration, !state.route.contains(where: { $0.screen == .registration }) {
      throw Rejection("auth.registrationClosed", "The registration screen is not open.")
    }
  }

  static let events: [any EventPayload.Type] = AuthEvents.all

  static let handlers: [EventHandler] = [
    .fold(AuthEvents.FieldEdited.self) { state, e in
      edit(&state, e.form) { login, registration in
        switch e.field {
        case .email:
          login?.email.value = e.value
          login?.email.edited = true
          registration?.email.value = e.value
          registration?.email.edited = true
        case .age:
          registration?.age.value = e.value
          registration?.age.edited = true
        }
      }
    },
    .fold(AuthEvents.PasswordEdited.self) { state, e in
      edit(&state, e.form) { login, registration in
        login?.password.length = e.length
        login?.password.edited = true
        registration?.password.length = e.length
        registration?.password.edited = true
      }
    },
    .fold(AuthEvents.SubmitAttempted.self) { state, e in
      edit(&state, e.form) { login, registration in
        login?.submitAttempted = true
        registration?.submitAttempted = true
      }
    },
    .fold(AuthEvents.Submitted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.session = Session(status: .signingIn, email: e.email)
      edit(&state, e.form) { login, registration in
        login?.submitAttempted = true
        login?.isSubmitting = true
        login?.requestID = e.requestID
        login?.error = nil
        registration?.submitAttempted = true
        registration?.isSubmitting = true
        registration?.requestID = e.requestID
        registration?.error = nil
      }
    },
    .fold(AuthEvents.Succeeded.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      state.session = Session(status: .signedIn, email: e.email)
      state.route = [Route(.home)]
      state.login = LoginForm()
      state.login.email.value = e.email
      state.login.revalidate(in: state.settings.language)
      state.registration = RegistrationForm()
      state.registration.revalidate(in: state.settings.language)
    },
    .fold(AuthEvents.Failed.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      finish(&state, e.form, error: state.message(for: e.failure))
    },
    .fold(AuthEvents.Interrupted.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      finish(&state, e.form, error: state.message("auth.interrupted", retryable: true))
    },
    .fold(AuthEvents.PasswordsForgotten.self) { state, _ in
      state.login.password = SecretFieldState()
      state.login.revalidate(in: state.settings.language)
      state.registration.password = SecretFieldState()
      state.registration.revalidate(in: state.settings.language)
    },
    .fold(AuthEvents.RegistrationOpened.self) { state, _ in
      state.registration = RegistrationForm()
      state.registration.revalidate(in: state.settings.language)
      state.route.append(Route(.registration))
    },
    .fold(AuthEvents.SignedOut.self) { state, _ in
      state.session = Session()
      state.route = [Route(.login)]
      let email = state.login.email.value
      state.login = LoginForm()
      state.login.email.value = email
      state.login.revalidate(in: state.settings.language)
    },
    .plan(AuthEvents.Submitted.self) { e, state in
      return [.authenticate(form: e.form, requestID: e.requestID, email: e.email)]
    },
    .plan(AuthEvents.Succeeded.self) { e, state in
      guard state.session.status == .signedIn && state.session.email == e.email else { return [] }
      return AuthForm.allCases.map { .forgetPassword($0) }
    },
    .plan(AuthEvents.SignedOut.self) { _, state in
      return [.clearCredentials, .forgetPassword(.login)]
    },
    .plan(AuthEvents.RegistrationOpened.self) { _, state in
      return [.forgetPassword(.registration)]
    },
  ]

  /// Applies `change` to the form named and revalidates it.
  private static func edit(
    _ state: inout AppState, _ form: AuthForm, _ change: (inout LoginForm?, inout RegistrationForm?) -> Void
  ) {
    var login: LoginForm? = form == .login ? state.login : nil
    var registration: RegistrationForm? = form == .registration ? state.registration : nil
    change(&login, &registration)
    if var login {
      login.revalidate(in: state.settings.language)
      state.login = login
    }
    if var registration {
      registration.revalidate(in: state.settings.language)
      state.registration = registration
    }
  }

  private static func isCurrent(_ state: AppState, _ form: AuthForm, _ requestID: Int) -> Bool {
    let pending = form == .login ? state.login.requestID : state.registration.requestID
    let submitting = form == .login ? state.login.isSubmitting : state.registration.isSubmitting
    return submitting && pending == requestID
  }

  private static func finish(_ state: inout AppState, _ form: AuthForm, error: Message) {
    state.session = Session()
    edit(&state, form) { login, registration in
      login?.isSubmitting = false
      login?.requestID = nil
      login?.error = error
      registration?.isSubmitting = false
      registration?.requestID = nil
      registration?.error = error
    }
  }

  /// Requests that were in flight when the process stopped: their passwords are gone with
  /// the process, so they are recorded as interrupted (the user submits again).
  static func interruptedWork(_ state: AppState) -> [Event] {
    var events: [Event] = []
    if state.login.isSubmitting, let id = state.login.requestID {
      events.append(Event(AuthEvents.Interrupted(form: .login, requestID: id)))
    }
    if state.registration.isSubmitting, let id = state.registration.requestID {
      events.append(Event(AuthEvents.Interrupted(form: .registration, requestID: id)))
    }
    if state.login.password.length > 0 || state.registration.password.length > 0 {
      events.append(Event(AuthEvents.PasswordsForgotten()))
    }
    return events
  }
}
