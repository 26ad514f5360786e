import GalleryCore

/// Sign-in and registration: the two forms and the session, and the methods that type into them and submit.
enum AuthContract: PreparesExamples {
  static let methods: [MethodSpec] = [
    // Sign-in and registration
    .action(
      "auth/setEmail", "Types into the sign-in email field.", value, refuses: ["auth.alreadySignedIn"]
    ) { value in .auth(.setEmail(.login, value)) }.idempotent()
      .example(["value": "test@mail.com"], before: signOut, after: signIn),
    .action(
      "auth/setPassword", "Types into the sign-in password field.", secretValue,
      refuses: ["auth.alreadySignedIn"]
    ) { value in .auth(.setPassword(.login, Secret(value))) }.idempotent()
      .example(["value": "123456"], before: signOut, after: signIn),
    .action(
      "auth/submitLogin", "Submits sign-in: invalid fields show their errors; valid ones go to the backend.",
      refuses: ["auth.alreadySignedIn", "auth.busy", "request.retryTooSoon"]
    ) { .auth(.submit(.login)) }.example(before: signOut + signIn.dropLast()),
    .action("auth/logout", "Signs out and clears the stored token.", refuses: ["auth.notSignedIn"]) {
      .auth(.logout)
    }.destructive().example(after: signIn),
    .action(
      "registration/open", "Opens registration from the sign-in screen.",
      refuses: ["auth.alreadySignedIn", "auth.registrationFromLoginOnly", "auth.busy"]
    ) { .auth(.openRegistration) }.example(before: signOut, after: [.call("nav/back")] + signIn),
    .action(
      "registration/setEmail", "Types into the registration email field.", value,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setEmail(.registration, value)) }.idempotent()
      .example(["value": "new@mail.com"], before: registering, after: [.call("nav/back")] + signIn),
    .action(
      "registration/setPassword", "Types into the registration password field.", secretValue,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setPassword(.registration, Secret(value))) }.idempotent()
      .example(["value": "654321"], before: registering, after: [.call("nav/back")] + signIn),
    .action(
      "registration/setAge", "Types into the registration age field (a whole number from 13 to 120).", value,
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed"]
    ) { value in .auth(.setAge(value)) }.idempotent()
      .example(["value": "30"], before: registering, after: [.call("nav/back")] + signIn),
    .action(
      "registration/submit", "Submits registration.",
      refuses: ["auth.alreadySignedIn", "auth.registrationClosed", "auth.busy", "request.retryTooSoon"]
    ) { .auth(.submit(.registration)) }
    .example(
      before: registering + [
        .call("registration/setEmail", ["value": "new@mail.com"]),
        .call("registration/setPassword", ["value": "654321"]), .call("registration/setAge", ["value": "30"]),
      ], after: [.call("auth/logout")] + signIn),
  ]

  /// Typed events first (the history reads' long log), then signed in.
  static func exampleSetup(_ size: MethodExampleTour.Size) -> [MethodExample.Call] {
    // Values that alternate, so each one typed is a change and records an event.
    (0..<size.typedEvents).map {
      .call("auth/setEmail", ["value": .literal(.string("user\($0 % 10)@mail.com"))])
    }
      + signIn
  }

  /// The demo backend's sign-in, from the sign-in screen: the examples' session is signed in.
  static let signIn: [MethodExample.Call] = [
    .call("auth/setEmail", ["value": "test@mail.com"]), .call("auth/setPassword", ["value": "123456"]),
    .call("auth/submitLogin"),
  ]
  /// Back to the sign-in screen, for the examples that type into it.
  static let signOut: [MethodExample.Call] = [.call("auth/logout")]
  /// The registration screen open, for the examples that type into it.
  static let registering: [MethodExample.Call] = signOut + [.call("registration/open")]

  /// A text field's new value.
  static let value = MethodParam<String>.string("value", "what the field now holds, exactly as typed")
  /// A password field's new value.
  static let secretValue = MethodParam<String>.string(
    "value", "the password; kept in memory only, never logged (events carry its length)")
}
