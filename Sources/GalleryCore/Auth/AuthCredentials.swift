/// The sign-in backend's session in the credentials file: the email and its token.
public struct SignInCredentials: CredentialSection {
  public static let name = "signIn"
  public var email: String
  public var token: String

  public init(email: String, token: String) {
    self.email = email
    self.token = token
  }

  public var secrets: [String] { [token] }
}

extension CredentialsFile.Contents {
  /// The sign-in session, if one is stored.
  public var signIn: SignInCredentials? {
    get { section(SignInCredentials.self) }
    set { setSection(newValue) }
  }
}

extension AuthFeature {
  static let credentialSections: [any CredentialSection.Type] = [SignInCredentials.self]
}
