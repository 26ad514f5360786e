import EventStore
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
  /// The built-in account, public by design: a frontend shows it as a hint on its sign-in
  /// screen (`capabilities.demoAccount`).
  public static let demoAccount = (email: demoEmail, password: demoPassword)
  private var accounts: [String: Account]
  private let file: KeptFile<[String: Account]>?
  /// Why the file cannot be read (nil: it can, or there is none): registrations are then
  /// refused rather than written over the accounts it holds.
  private let unreadable: String?
  private var issued = 0

  /// `file`: where registrations are kept (the data directory's `demo-accounts.json`);
  /// `report` hears, at `error`, of a damaged file (kept aside) or one that cannot be read.
  public init(
    file: String? = nil, now: Int64 = EventLogOptions.systemClock(),
    report: @Sendable (String) -> Void = { _ in }
  ) {
    let kept = file.map { KeptFile<[String: Account]>(path: $0) }
    self.file = kept
    switch kept?.load(now: now, report: report) ?? .missing {
    case .contents(let accounts): (self.accounts, unreadable) = (accounts, nil)
    case .missing: (accounts, unreadable) = ([:], nil)
    case .unreadable(let why): (accounts, unreadable) = ([:], why)
    }
  }

  /// The failure of an account this backend cannot look up or keep.
  private func unusable(_ why: String) -> RequestFailure {
    RequestFailure(
      kind: .malformed, detail: "the registered accounts cannot be read (\(why)); nothing was changed",
      reason: "request.notKept")
  }

  public func signIn(email: String, password: Secret) async -> Result<AuthGrant, RequestFailure> {
    let key = email.lowercased()
    if key != Self.demoEmail, let unreadable { return .failure(unusable(unreadable)) }
    let known =
      key == Self.demoEmail
      ? password.value == Self.demoPassword : accounts[key]?.password.matches(password.value) == true
    guard known else {
      return .failure(
        // Our own backend says it by code alone: its words would be English in any language.
        RequestFailure(kind: .rejected, status: 400, reason: "auth.wrongCredentials"))
    }
    return .success(grant())
  }

  public func register(email: String, password: Secret, age: Int?) async -> Result<AuthGrant, RequestFailure>
  {
    let key = email.lowercased()
    if let unreadable { return .failure(unusable(unreadable)) }
    guard key != Self.demoEmail, accounts[key] == nil else {
      return .failure(
        RequestFailure(kind: .rejected, status: 400, reason: "auth.emailTaken"))
    }
    var next = accounts
    next[key] = Account(password: PasswordHash(password: password.value), age: age)
    if let file {
      do { try file.save(next) } catch {
        return .failure(
          RequestFailure(
            kind: .malformed, detail: "could not keep the registration: \(error)", reason: "request.notKept"))
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
}
