/// Sign-in, registration and the session: decide, reduce, plan effects, recover.
enum AuthFeature: TakesActions, RunsEffects, HasScreens, HasProviders, KeepsSecrets, KeepsFiles, Resumes,
  Demonstrates
{
  static let name = "auth"
  static func decide(_ action: AuthAction, _ state: AppState) throws(Rejection) -> [Event] {
    if state.session.status == .signedIn, action != .logout {
      throw Rejection("auth.alreadySignedIn")
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
        throw Rejection("auth.registrationFromLoginOnly")
      }
      guard !state.login.isSubmitting else { throw Rejection("auth.busy") }
      return [Event(AuthEvents.RegistrationOpened())]
    case .submit(let form):
      try requireOpen(form, state)
      let fields = state[form: form]
      guard !fields.isSubmitting else { throw Rejection("auth.busy") }
      guard fields.canSubmit else { return [Event(AuthEvents.SubmitAttempted(form: form))] }
      return [
        Event(
          AuthEvents.Submitted(
            form: form, requestID: state.nextRequestID,
            email: FieldValidation.normalizedEmail(fields.email.value)))
      ]
    case .logout:
      guard state.session.status == .signedIn else {
        throw Rejection("auth.notSignedIn")
      }
      // Screens that need a session close with it (an event of its own, so logs written
      // before it replay as they were).
      let closed =
        state.shape.signIn == .required ? [Event(NavigationEvents.ScreensClosed(reason: "signedOut"))] : []
      return [Event(AuthEvents.SignedOut())] + closed
    }
  }

  private static func requireOpen(_ form: AuthForm, _ state: AppState) throws(Rejection) {
    if form == .registration, !state.route.contains(where: { $0.screen == .registration }) {
      throw Rejection("auth.registrationClosed")
    }
  }

  static let events: [any EventPayload.Type] = AuthEvents.all

  static func retryAreas(of action: AuthAction) -> [ProviderArea] {
    if case .submit = action { return [.auth] }
    return []
  }

  static let handlers: [EventHandler] = [
    .fold(AuthEvents.FieldEdited.self) { state, e in
      edit(&state, e.form) { form in
        switch e.field {
        case .email:
          form.email.value = e.value
          form.email.edited = true
        case .age:
          form.age?.value = e.value
          form.age?.edited = true
        }
      }
    },
    .fold(AuthEvents.PasswordEdited.self) { state, e in
      edit(&state, e.form) { form in
        form.password.length = e.length
        form.password.edited = true
      }
    },
    .fold(AuthEvents.SubmitAttempted.self) { state, e in
      edit(&state, e.form) { form in form.submitAttempted = true }
    },
    .fold(AuthEvents.Submitted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.session = Session(status: .signingIn, email: e.email)
      edit(&state, e.form) { form in
        form.submitAttempted = true
        form.isSubmitting = true
        form.requestID = e.requestID
        form.error = nil
      }
    },
    .fold(AuthEvents.Succeeded.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      state.session = Session(status: .signedIn, email: e.email)
      state.observe(.auth, nil)
      state.show(state.shape.home)
      let language = state.settings.language
      state.login = AuthFormState(.login, in: language)
      edit(&state, .login) { form in form.email.value = e.email }
      state.registration = AuthFormState(.registration, in: language)
    },
    .fold(AuthEvents.Failed.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      finish(&state, e.form, error: state.message(for: e.failure).retrying(e.form.submitMethod))
      state.observe(.auth, e.failure, retry: Retry(e.form.submitMethod))
    },
    .fold(AuthEvents.Interrupted.self) { state, e in
      guard isCurrent(state, e.form, e.requestID) else { return }
      // No retry: the password was not kept across the stop (`PasswordsForgotten` follows),
      // so submitting again as it stands would only say "Enter your password"; the text says
      // what to do instead.
      finish(&state, e.form, error: state.message("auth.interrupted"))
    },
    .fold(AuthEvents.PasswordsForgotten.self) { state, _ in
      for form in AuthForm.allCases { edit(&state, form) { $0.password = SecretFieldState() } }
    },
    .fold(AuthEvents.RegistrationOpened.self) { state, _ in
      state.registration = AuthFormState(.registration, in: state.settings.language)
      state.push(Route(.registration))
    },
    .fold(AuthEvents.SignedOut.self) { state, _ in
      state.session = Session()
      if state.shape.signIn == .required { state.showSignIn() }
      let email = state.login.email.value
      state.login = AuthFormState(.login, in: state.settings.language)
      edit(&state, .login) { form in form.email.value = email }
    },
    .plan(AuthEvents.Submitted.self) { e, state in
      // The age the registration form validated goes with it (sign-in has none).
      let age =
        e.form == .registration
        ? state.registration.age.flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } : nil
      return state.load(.auth(.authenticate(form: e.form, requestID: e.requestID, email: e.email, age: age)))
      {
        AuthEvents.Failed(form: e.form, requestID: e.requestID, failure: $0)
      }
    },
    .plan(AuthEvents.Succeeded.self) { e, state in
      guard state.session.status == .signedIn && state.session.email == e.email else { return [] }
      return AuthForm.allCases.map { .auth(.forgetPassword($0)) }
    },
    .plan(AuthEvents.SignedOut.self) { _, state in
      return [.auth(.clearCredentials), .auth(.forgetPassword(.login))]
    },
    .plan(AuthEvents.RegistrationOpened.self) { _, state in
      return [.auth(.forgetPassword(.registration))]
    },
  ]

  /// Applies `change` to the form named and revalidates it.
  private static func edit(_ state: inout AppState, _ form: AuthForm, _ change: (inout AuthFormState) -> Void)
  {
    let language = state.settings.language
    // One access, in place: the form is neither copied out nor written back.
    func revalidated(_ edited: inout AuthFormState) {
      change(&edited)
      edited.revalidate(in: language)
    }
    revalidated(&state[form: form])
  }

  private static func isCurrent(_ state: AppState, _ form: AuthForm, _ requestID: Int) -> Bool {
    state[form: form].isSubmitting && state[form: form].requestID == requestID
  }

  private static func finish(_ state: inout AppState, _ form: AuthForm, error: Message) {
    state.session = Session()
    edit(&state, form) { form in
      form.isSubmitting = false
      form.requestID = nil
      form.error = error
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

extension AuthFeature {
  /// Its backend lives in the environment itself (`GalleryEnvironment.auth`).
  static let providerKeys: [any ProviderKey.Type] = []
  /// A changed backend takes the next sign-in; nothing to start over.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] { [] }
  /// The sign-in forms are screens under other tabs, never a tab of their own.
  static let tab: TabDeclaration? = nil
  /// A password is never staged as a file.
  static func unusedFile(ofRefused action: AuthAction, in state: AppState) -> String? { nil }
  /// Its state has not changed shape, and it keeps no file beside its credentials section.
  static let stateUpgrades: [StateUpgrade] = []
  static func sweepFiles(_ state: AppState, dataDirectory: String) {}
  /// Nothing to send or restart once recovered (an interrupted sign-in is closed instead).
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] { [] }
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// Its demo backend serves no file.
  static let demoFiles: [DemoFileSource] = []
}
