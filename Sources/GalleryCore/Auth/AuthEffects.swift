/// Sign-in's effects, as data.
public enum AuthEffect: Codable, Equatable, Sendable {
  /// Sign in or register `email` (the password is taken from memory); on success store
  /// the token in the credentials file and record `auth.succeeded`, else `auth.failed`.
  case authenticate(form: AuthForm, requestID: Int, email: String, age: Int? = nil)
  /// Remove the sign-in token from the credentials file.
  case clearCredentials
  /// Drop the in-memory password of a form.
  case forgetPassword(AuthForm)
}

/// Sign-in's effects: the backend call with the password held in memory, the token to and
/// from the credentials file, passwords forgotten.
extension AuthFeature {
  static func run(_ effect: AuthEffect, in runtime: EffectRuntime) {
    switch effect {
    case .forgetPassword(let form):
      runtime.vault.take(.password(form))
    case .clearCredentials:
      try? runtime.credentials.update { $0.signIn = nil }
    case .authenticate(let form, let requestID, let email, let age):
      let password = runtime.vault.peek(.password(form))
      runtime.run { [environment = runtime.environment, credentials = runtime.credentials] in
        guard let password else {
          return [Event(AuthEvents.Interrupted(form: form, requestID: requestID))]
        }
        let result =
          form == .login
          ? await environment.auth.signIn(email: email, password: password)
          : await environment.auth.register(email: email, password: password, age: age)
        switch result {
        case .failure(let failure):
          return [Event(AuthEvents.Failed(form: form, requestID: requestID, failure: failure))]
        case .success(let grant):
          do {
            try credentials.update { $0.signIn = .init(email: email, token: grant.token.value) }
          } catch {
            let failure = RequestFailure(
              kind: .malformed, detail: "could not store the credentials: \(error)", reason: "request.notKept"
            )
            return [Event(AuthEvents.Failed(form: form, requestID: requestID, failure: failure))]
          }
          return [Event(AuthEvents.Succeeded(form: form, requestID: requestID, email: email))]
        }
      }
    }
    return
  }
}

extension AuthEffect: FeatureEffect {
  typealias Feature = AuthFeature
}

extension Effect {
  /// An effect of the auth feature.
  public static func auth(_ effect: AuthEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension AuthEffect {
  /// What a rerun answers: the backend's answer to a form; the rest is local.
  var asked: RequestTag? {
    switch self {
    case .authenticate(_, let requestID, _, _): RequestTag("sign-in", requestID)
    case .clearCredentials, .forgetPassword: nil
    }
  }
}
