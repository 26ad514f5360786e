import GalleryCore

/// Sign-in and registration: the two forms and the session, and the methods that type into them and submit.
enum AuthContract: FeatureContract {
  static let methods: [MethodSpec] = [
    // Sign-in and registration
    .action("auth/setEmail", "Types into the sign-in email field.", params: [.value]) { p throws(RPCError) in
      .auth(.setEmail(.login, try p.string("value")))
    },
    .action("auth/setPassword", "Types into the sign-in password field.", params: [.secretValue]) {
      p throws(RPCError) in
      .auth(.setPassword(.login, Secret(try p.string("value"))))
    },
    .action(
      "auth/submitLogin", "Submits sign-in: invalid fields show their errors; valid ones go to the backend."
    ) { _ in
      .auth(.submit(.login))
    },
    .action("auth/logout", "Signs out and clears the stored token.") { _ in .auth(.logout) },
    .action("registration/open", "Opens registration from the sign-in screen.") { _ in
      .auth(.openRegistration)
    },
    .action("registration/setEmail", "Types into the registration email field.", params: [.value]) {
      p throws(RPCError) in
      .auth(.setEmail(.registration, try p.string("value")))
    },
    .action("registration/setPassword", "Types into the registration password field.", params: [.secretValue])
    {
      p throws(RPCError) in .auth(.setPassword(.registration, Secret(try p.string("value"))))
    },
    .action(
      "registration/setAge", "Types into the registration age field (a whole number from 13 to 120).",
      params: [.value]
    ) {
      p throws(RPCError) in .auth(.setAge(try p.string("value")))
    },
    .action("registration/submit", "Submits registration.") { _ in .auth(.submit(.registration)) },
  ]

  /// The message codes each method's -32010 can carry (`x-rejection-codes`).
  static let refusals: [String: [String]] = [
    "auth/setEmail": ["auth.alreadySignedIn"],
    "auth/setPassword": ["auth.alreadySignedIn"],
    "auth/submitLogin": ["auth.alreadySignedIn", "auth.busy", "request.retryTooSoon"],
    "auth/logout": ["auth.notSignedIn"],
    "registration/open": ["auth.alreadySignedIn", "auth.registrationFromLoginOnly", "auth.busy"],
    "registration/setEmail": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/setPassword": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/setAge": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/submit": [
      "auth.alreadySignedIn", "auth.registrationClosed", "auth.busy", "request.retryTooSoon",
    ],
  ]
}
