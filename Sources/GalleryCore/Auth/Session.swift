/// Who is signed in (`/session`). The token itself lives only in the credentials file.
public struct Session: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable {
    case signedOut, signingIn, signedIn
  }
  public var status: Status = .signedOut
  /// The signed-in (or signing-in) email.
  @Nullable public var email: String? = nil

  public init(status: Status = .signedOut, email: String? = nil) {
    self.status = status
    self.email = email
  }
}

extension Session: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: Session { Session() }
}
