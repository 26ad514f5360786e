/// What a successful sign-in or registration hands back. The token is a secret: it goes to
/// the credentials file and nowhere else.
public struct AuthGrant: Sendable, Equatable {
  public var token: Secret
  public init(token: Secret) { self.token = token }
}

/// A sign-in and registration service: the embedded demo or a reqres-style HTTP backend.
public protocol AuthBackend: Sendable {
  /// Signs in; a refusal is a `rejected` failure carrying the backend's message.
  func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure>
  /// Registers a new account with the age the form collected, and signs it in.
  func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
}
