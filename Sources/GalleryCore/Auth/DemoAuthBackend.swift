import Foundation

/// The embedded backend, the default: the demo account test@mail.com / 123456, and the
/// accounts registered with it. With a file, registrations are kept there (a salted hash of
/// the password and the age, never the password) and survive restarts; without one, they
/// last as long as the process. Answers at once, offline, deterministically.
public actor DemoAuthBackend: AuthBackend {
  /// One registered account, as the file keeps it.
  struct Account: Codable, Equatable, Sendable {
    var password: PasswordHash
    var age: Int?
  }

  private static let demoEmail = "test@mail.com"
  private static let demoPassword = "123456"
  private var accounts: [String: Account]
  private let file: String?
  private var issued = 0

  /// `file`: where registrations are kept (the data directory's `demo-accounts.json`).
  public init(file: String? = nil) {
    self.file = file
    self.accounts = file.flatMap(Self.load) ?? [:]
  }

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    let key = email.lowercased()
    let known =
      key == Self.demoEmail
      ? password.value == Self.demoPassword : accounts[key]?.password.matches(password.value) == true
    guard known else {
      return .failure(
        RequestFailure(
          kind: .rejected, status: 400, serverMessage: "Wrong email or password.",
          reason: "auth.wrongCredentials"))
    }
    return .success(grant())
  }

  public func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
  {
    let key = email.lowercased()
    guard key != Self.demoEmail, accounts[key] == nil else {
      return .failure(
        RequestFailure(
          kind: .rejected, status: 400, serverMessage: "This email is already registered.",
          reason: "auth.emailTaken"))
    }
    var next = accounts
    next[key] = Account(password: PasswordHash(password: password.value), age: age)
    if let file {
      do { try Self.save(next, to: file) } catch {
        return .failure(RequestFailure(kind: .malformed, detail: "could not keep the registration: \(error)"))
      }
    }
    accounts = next
    return .success(grant())
  }

  /// The age an account registered with (nil: none given, or no such account).
  public func age(of email: String) -> Int? { accounts[email.lowercased()]?.age }

  private func grant() -> AuthGrant {
    issued += 1
    return AuthGrant(token: Secret("demo-token-\(issued)-\(UUID().uuidString)"))
  }

  private static func load(_ file: String) -> [String: Account]? {
    guard let data = FileManager.default.contents(atPath: file) else { return nil }
    return try? JSONDecoder().decode([String: Account].self, from: data)
  }

  /// Written whole and renamed into place, readable by the owner only.
  private static func save(_ accounts: [String: Account], to file: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(accounts)
    let temp = file + ".tmp"
    guard FileManager.default.createFile(atPath: temp, contents: data, attributes: [.posixPermissions: 0o600])
    else { throw CocoaError(.fileWriteUnknown) }
    guard rename(temp, file) == 0 else { throw POSIXError(.EIO) }
  }
}
