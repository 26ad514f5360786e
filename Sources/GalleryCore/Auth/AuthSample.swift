extension AuthFeature {
  /// Typing into either form (good and bad values), submitting, registration and sign-out:
  /// the largest share, as a frontend's keystrokes are.
  static let actionSample = ActionSample(weight: 8) { r in
    let form: AuthForm = r.pick([.login, .registration])
    switch r.below(8) {
    case 0, 1:
      return .auth(
        .setEmail(
          form, r.pick(["", "a", "test@mail.com", " x@y.z ", "bad@", "new@mail.com", "ünï@cødé.org"])))
    case 2, 3: return .auth(.setPassword(form, Secret(String(repeating: "x", count: r.below(10)))))
    case 4: return .auth(.setAge(r.pick(["", "abc", "12", "13", "44", "121", " 30 "])))
    case 5, 6: return .auth(.submit(form))
    default: return r.pick([.auth(.openRegistration), .auth(.logout)])
    }
  }
}
