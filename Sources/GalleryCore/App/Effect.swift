/// Work to do outside the fold, described as data. Planned from an event and the state it
/// produced; run by the `EffectRuntime`, whose results come back as events. Replay never runs them.
public enum Effect: Codable, Equatable, Sendable {
  /// Sign in or register `email` (the password is taken from memory); on success store
  /// the token in the credentials file and record `auth.succeeded`, else `auth.failed`.
  case authenticate(form: AuthForm, requestID: Int, email: String)
  /// Remove the sign-in token from the credentials file.
  case clearCredentials
  /// Drop the in-memory password of a form.
  case forgetPassword(AuthForm)
}
