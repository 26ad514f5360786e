import Foundation

/// The embedded backend, the default: the demo account test@mail.com / 123456, and new
/// accounts registered while the process runs. Answers at once, offline, deterministically.
public actor DemoAuthBackend: AuthBackend {
  private var accounts: [String: String] = ["test@mail.com": "123456"]
  private var issued = 0

  public init() {}

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    guard let expected = accounts[email.lowercased()], expected == password.value else {
      return .failure(
        RequestFailure(
          kind: .rejected, status: 400, serverMessage: "Wrong email or password.",
          reason: "auth.wrongCredentials"))
    }
    return .success(grant())
  }

  public func register(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    let key = email.lowercased()
    guard accounts[key] == nil else {
      return .failure(
        RequestFailure(
          kind: .rejected, status: 400, serverMessage: "This email is already registered.",
          reason: "auth.emailTaken"))
    }
    accounts[key] = password.value
    return .success(grant())
  }

  private func grant() -> AuthGrant {
    issued += 1
    return AuthGrant(token: Secret("demo-token-\(issued)-\(UUID().uuidString)"))
  }
}
