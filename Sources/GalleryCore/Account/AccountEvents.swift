/// The account's facts recorded in the log. None carries a token.
public enum AccountEvents {
  static let all: [any EventPayload.Type] = [
    ProviderSelected.self, LoginBegun.self, LoginFailed.self, SignedIn.self, TokenRefreshed.self,
    SignedOut.self, ImagesLoadStarted.self, ImagesPageLoaded.self, ImagesFailed.self, UploadStarted.self,
    UploadProgressed.self, Uploaded.self, UploadFailed.self, DeleteStarted.self, Deleted.self,
    DeleteFailed.self, WorkInterrupted.self,
  ]

  /// The configured account provider changed (a session with another one ends).
  public struct ProviderSelected: EventPayload {
    public static let type = "account.providerSelected"
    public var provider: AccountProviderInfo
    public init(provider: AccountProviderInfo) {
      self.provider = provider
    }
  }

  /// Browser sign-in started: the authorize URL the frontend opens, with its one-time state.
  public struct LoginBegun: EventPayload {
    public static let type = "account.loginBegun"
    public var authorizeURL: String
    public var state: String
    public init(authorizeURL: String, state: String) {
      self.authorizeURL = authorizeURL
      self.state = state
    }
  }

  /// The redirect did not sign anyone in: `reason` is a message code (denied, state mismatch, a missing field).
  public struct LoginFailed: EventPayload {
    public static let type = "account.loginFailed"
    public var reason: String
    public var detail: String?
    public init(reason: String, detail: String? = nil) {
      self.reason = reason
      self.detail = detail
    }
  }

  /// Signed in: who, and how long the token lives (the tokens went to the credentials file).
  public struct SignedIn: EventPayload {
    public static let type = "account.signedIn"
    public var username: String
    public var accountID: Int64
    public var expiresIn: Int64
    public init(username: String, accountID: Int64, expiresIn: Int64) {
      self.username = username
      self.accountID = accountID
      self.expiresIn = expiresIn
    }
  }

  /// The access token was refreshed; it lives `expiresIn` seconds.
  public struct TokenRefreshed: EventPayload {
    public static let type = "account.tokenRefreshed"
    public var expiresIn: Int64
    public init(expiresIn: Int64) {
      self.expiresIn = expiresIn
    }
  }

  /// Signed out: `reason` is `user`, `sessionExpired`, `credentialsLost` or `providerChanged`.
  public struct SignedOut: EventPayload {
    public static let type = "account.signedOut"
    public var reason: String
    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The user's images were requested (pages from 0 until an empty one).
  public struct ImagesLoadStarted: EventPayload {
    public static let type = "account.imagesLoadStarted"
    public var requestID: Int
    public init(requestID: Int) {
      self.requestID = requestID
    }
  }

  /// One page of the user's images; `last` when the next page was empty (or the page cap was reached).
  public struct ImagesPageLoaded: EventPayload {
    public static let type = "account.imagesPageLoaded"
    public var requestID: Int
    public var page: Int
    public var images: [AccountImage]
    public var last: Bool
    public init(requestID: Int, page: Int, images: [AccountImage], last: Bool) {
      self.requestID = requestID
      self.page = page
      self.images = images
      self.last = last
    }
  }

  /// Loading the user's images failed.
  public struct ImagesFailed: CarriesFailure {
    public static let type = "account.imagesFailed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  /// An upload started.
  public struct UploadStarted: EventPayload {
    public static let type = "account.uploadStarted"
    public var requestID: Int
    public var request: UploadRequest
    public init(requestID: Int, request: UploadRequest) {
      self.requestID = requestID
      self.request = request
    }
  }

  /// The upload sent `percent` of its body (recorded every tenth).
  public struct UploadProgressed: EventPayload {
    public static let type = "account.uploadProgressed"
    public var requestID: Int
    public var percent: Int
    public init(requestID: Int, percent: Int) {
      self.requestID = requestID
      self.percent = percent
    }
  }

  /// The upload finished: the image goes at the top.
  public struct Uploaded: EventPayload {
    public static let type = "account.uploaded"
    public var requestID: Int
    public var image: AccountImage
    public init(requestID: Int, image: AccountImage) {
      self.requestID = requestID
      self.image = image
    }
  }

  /// The upload failed; the list is as it was.
  public struct UploadFailed: CarriesFailure {
    public static let type = "account.uploadFailed"
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  /// An image was removed from the list and its delete sent.
  public struct DeleteStarted: EventPayload {
    public static let type = "account.deleteStarted"
    public var requestID: Int
    public var imageID: String
    public init(requestID: Int, imageID: String) {
      self.requestID = requestID
      self.imageID = imageID
    }
  }

  /// The provider deleted the image.
  public struct Deleted: EventPayload {
    public static let type = "account.deleted"
    public var requestID: Int
    public var imageID: String
    public init(requestID: Int, imageID: String) {
      self.requestID = requestID
      self.imageID = imageID
    }
  }

  /// The delete failed: the image comes back in its place with an error.
  public struct DeleteFailed: CarriesFailure {
    public static let type = "account.deleteFailed"
    public var requestID: Int
    public var imageID: String
    public var failure: RequestFailure
    public init(requestID: Int, imageID: String, failure: RequestFailure) {
      self.requestID = requestID
      self.imageID = imageID
      self.failure = failure
    }
  }

  /// The last process stopped during an upload or deletes: they end with a retryable error.
  public struct WorkInterrupted: EventPayload {
    public static let type = "account.workInterrupted"
    public var uploadRequestID: Int?
    public var deleteRequestIDs: [Int]
    public init(uploadRequestID: Int? = nil, deleteRequestIDs: [Int]) {
      self.uploadRequestID = uploadRequestID
      self.deleteRequestIDs = deleteRequestIDs
    }
  }
}
