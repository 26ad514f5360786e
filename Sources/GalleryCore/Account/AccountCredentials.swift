/// The account's session in the credentials file: the tokens and when the access token expires.
public struct AccountCredentials: CredentialSection {
  public static let name = "account"
  public var provider: String
  public var accessToken: String
  public var refreshToken: String
  /// Seconds since the epoch.
  public var expiresAt: Int64

  public init(provider: String, accessToken: String, refreshToken: String, expiresAt: Int64) {
    self.provider = provider
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
  }

  public var secrets: [String] { [accessToken, refreshToken] }
}

extension CredentialsFile.Contents {
  /// The account's session, if one is stored.
  public var account: AccountCredentials? {
    get { section(AccountCredentials.self) }
    set { setSection(newValue) }
  }
}

extension AccountFeature {
  static let credentialSections: [any CredentialSection.Type] = [AccountCredentials.self]
}
