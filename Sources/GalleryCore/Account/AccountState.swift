/// The Imgur account screen: sign-in through the browser, the user's images, an upload and
/// deletes in flight. Tokens are never here (they live in the credentials file).
public struct AccountState: Codable, Equatable, Sendable {
  public enum Status: String, Codable, Sendable, CaseIterable { case signedOut, awaitingRedirect, signedIn }
  public enum ImagesStatus: String, Codable, Sendable, CaseIterable { case idle, loading, loaded, failed }

  /// A sign-in waiting for the browser's redirect.
  public struct PendingLogin: Codable, Equatable, Sendable {
    /// The URL the frontend opens.
    public var authorizeURL: String
    /// The one-time `state` the redirect must carry back.
    public var state: String

    public init(authorizeURL: String, state: String) {
      self.authorizeURL = authorizeURL
      self.state = state
    }
  }

  /// The upload in flight or the last one's outcome.
  public struct Upload: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable, CaseIterable {
      case idle, uploading, failed, done, cancelled
    }
    public var status = Status.idle
    /// 0...1.
    public var progress: Double = 0
    @CoreOnly @Nullable public var requestID: Int? = nil
    @Nullable public var fileName: String? = nil
    /// What was asked for, so a failed upload can be sent again as it was.
    @Nullable public var request: UploadRequest? = nil
    @Nullable public var error: Message? = nil
    public init() {}
  }

  /// An image removed from the list while its delete is in flight, kept to put it back.
  public struct PendingDelete: Codable, Equatable, Sendable {
    @CoreOnly public var requestID: Int
    public var index: Int
    public var item: AccountImageItem

    public init(requestID: Int, index: Int, item: AccountImageItem) {
      self.requestID = requestID
      self.index = index
      self.item = item
    }
  }

  public var status = Status.signedOut
  /// Which provider signs in (set at start from the configuration; the demo by default).
  public var provider = DemoAccount.info
  @Nullable public var pendingLogin: PendingLogin? = nil
  @Nullable public var username: String? = nil
  @Nullable public var accountID: Int64? = nil
  /// Seconds the access token was granted for at the last sign-in or refresh.
  @Nullable public var tokenLifetime: Int64? = nil
  public var images: [AccountImageItem] = []
  public var imagesStatus = ImagesStatus.idle
  @CoreOnly @Nullable public var imagesRequestID: Int? = nil
  /// The next page the running load asks for.
  public var imagesPage = 0
  public var upload = Upload()
  public var deleting: [PendingDelete] = []
  /// The last error on this screen (sign-in, loading, deleting, session ended).
  @Nullable public var error: Message? = nil

  public init() {}
}

extension AccountState: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: AccountState { AccountState() }
}

extension AccountState.PendingLogin: PersistedDefaults {
  /// No URL, no state.
  public static var persistedDefaults: AccountState.PendingLogin {
    AccountState.PendingLogin(authorizeURL: "", state: "")
  }
}

extension AccountState.Upload: PersistedDefaults {
  /// Every member's default is its initial value above.
  public static var persistedDefaults: AccountState.Upload { AccountState.Upload() }
}

extension AccountState.PendingDelete: PersistedDefaults {
  /// Request 0 at index 0, the default image.
  public static var persistedDefaults: AccountState.PendingDelete {
    AccountState.PendingDelete(requestID: 0, index: 0, item: .persistedDefaults)
  }
}
