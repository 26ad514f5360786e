import GalleryCore

/// Sign-in and registration: the two forms and the session, and the methods that type into them and submit.
enum AuthContract: FeatureContract {
  static let methods: [MethodSpec] = [
    // Sign-in and registration
    .action(
      "auth/setEmail", "Types into the sign-in email field.", value, refuses: ["auth.alreadySignedIn"]
    ) { value in .auth(.setEmail(.login, value)) }.idempotent(),
    .action(
      "auth/setPassword", "Types into the sign-in password field.", secretValue,
      refuses: ["auth.alreadySignedIn"]
    ) { value in .auth(.setPassword(.login, Secret(value))) }.idempotent(),
    .action(
      "auth/submitLogin", "Submits sign-in: invalid fields show their errors; valid ones go to the backend.",
      refuses: ["auth.alreadySignedIn", "auth.busy", "request.retryTooSoon"]
    ) { .auth(.submit(.login)) },
    .action("auth/logout", "Signs out and clears the stored token.", refuses: ["auth.notSignedIn"]) {
      .auth(.logout)
    }.destructive(),
    .action(
      "registration/open", "Opens registration from the sign-in screen.",
      refuses: ["auth.alreadySignedIn", "auth.registrationFromLoginOnly", "auth.busy"]
    ) { .auth(.openRegistration) },
    .action(
      "registration/setEmail", "Types into the registration email field.", value,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setEmail(.registration, value)) }.idempotent(),
    .action(
      "registration/setPassword", "Types into the registration password field.", secretValue,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setPassword(.registration, Secret(value))) }.idempotent(),
    .action(
      "registration/setAge", "Types into the registration age field (a whole number from 13 to 120).", value,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setAge(value)) }.idempotent(),
    .action(
      "registration/submit", "Submits registration.",
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed", "auth.busy", "request.retryTooSoon"]
    ) { .auth(.submit(.registration)) },
  ]

  /// A text field's new value.
  static let value = MethodParam<String>.string("value", "what the field now holds, exactly as typed")
  /// A password field's new value.
  static let secretValue = MethodParam<String>.string(
    "value", "the password; kept in memory only, never logged (events carry its length)")
}
