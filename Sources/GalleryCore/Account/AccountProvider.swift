/// Tokens a provider granted: they go to the credentials file, never to the log.
public struct AccountTokens: Codable, Equatable, Sendable {
  public var accessToken: String
  public var refreshToken: String
  /// Seconds the access token lives, as the provider said (never assumed).
  public var expiresIn: Int64

  public init(accessToken: String, refreshToken: String, expiresIn: Int64) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresIn = expiresIn
  }
}

/// An account service (Imgur or the embedded demo): images, upload, delete, token refresh.
/// Every call takes the current access token; a 401/403 answer is a `RequestFailure` with
/// that status, which the runtime answers with one refresh and one retry.
public protocol AccountProvider: Sendable {
  /// Where sign-in sends the user.
  var info: AccountProviderInfo { get }
  /// Page `page` (from 0) of the signed-in user's images; an empty page is the end.
  func images(token: String, page: Int) async -> Result<[AccountImage], RequestFailure>
  /// Uploads `bytes`; `progress` gets (sent, total) body bytes as they go.
  func upload(
    token: String, request: UploadRequest, bytes: [UInt8],
    progress: @escaping @Sendable (Int64, Int64) -> Void
  ) async -> Result<AccountImage, RequestFailure>
  func delete(token: String, id: String) async -> Result<Void, RequestFailure>
  /// New tokens for a refresh token.
  func refresh(refreshToken: String) async -> Result<AccountTokens, RequestFailure>
}

/// Where the environment keeps the account provider.
public enum AccountProviderKey: ProviderKey {
  public static var defaultValue: any AccountProvider { DemoAccount() }
}

extension GalleryEnvironment {
  /// The signed-in account's images (Imgur or the demo).
  public var account: any AccountProvider {
    get { self[AccountProviderKey.self] }
    set { self[AccountProviderKey.self] = newValue }
  }
}
