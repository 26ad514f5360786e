/// The account's facts recorded in the log. None carries a token.
public enum AccountEvents {
  static let all: [any EventPayload.Type] = [
    ProviderSelected.self, LoginBegun.self, LoginFailed.self, SignedIn.self, TokenRefreshed.self,
    SignedOut.self, ImagesLoadStarted.self, ImagesPageLoaded.self, ImagesFailed.self, UploadStarted.self,
    UploadProgressed.self, Uploaded.self, UploadFailed.self, UploadCancelled.self, DeleteStarted.self,
    Deleted.self,
    DeleteFailed.self, WorkInterrupted.self,
  ]

  /// The configured account provider changed (a session with another one ends).
  public struct ProviderSelected: EventPayload {
    public static let type = "account.providerSelected"
    public static let role: EventRole<Self> = .input(method: "initialize") { e, _ in
      .account(.start(e.provider))
    }
    public static let documented = EventDoc(
      data: #"`provider: {name, authorizeEndpoint, clientID}`"#,
      recordedWhen:
        #"at start: the configured account provider differs from the state's (a session with the old one ends first with `account.signedOut`)"#
    )
    public var provider: AccountProviderInfo
    public init(provider: AccountProviderInfo) {
      self.provider = provider
    }
  }

  /// Browser sign-in started: the authorize URL the frontend opens, with its one-time state.
  public struct LoginBegun: EventPayload {
    public static let type = "account.loginBegun"
    public static let role: EventRole<Self> = .input(method: "account/beginLogin") { e, _ in
      .account(.beginLogin(nonce: e.state))
    }
    public static let documented = EventDoc(
      data: #"`authorizeURL`, `state`"#,
      recordedWhen:
        #"`account/beginLogin`: the one-time state is recorded so the redirect can be checked (and after a restart too)"#
    )
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
    public static let role: EventRole<Self> = .input(method: "account/completeLogin") { e, state in
      state.account.pendingLogin.map {
        .account(.completeLogin(redirectURL: Secret(OAuthRedirect.reproducing(e, state: $0.state))))
      }
    }
    public static let documented = EventDoc(
      data: #"`reason` (a message code), `detail?`"#,
      recordedWhen: #"the redirect signed nobody in (never carries the URL)"#)
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
    public static let role: EventRole<Self> = .input(method: "account/completeLogin") { e, state in
      state.account.pendingLogin.map {
        .account(.completeLogin(redirectURL: Secret(OAuthRedirect.reproducing(e, state: $0.state))))
      }
    }
    public static let documented = EventDoc(
      data: #"`username`, `accountID`, `expiresIn`"#,
      recordedWhen: #"the redirect was accepted; its tokens went to the credentials file"#)
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
    public static let role: EventRole<Self> = .result { _ in nil }
    public static let documented = EventDoc(
      data: #"`expiresIn`"#,
      recordedWhen: #"the access token was refreshed"#)
    public var expiresIn: Int64
    public init(expiresIn: Int64) {
      self.expiresIn = expiresIn
    }
  }

  /// Signed out: `reason` is `user`, `sessionExpired`, `credentialsLost` or `providerChanged`.
  public struct SignedOut: EventPayload {
    public static let type = "account.signedOut"
    public static let role: EventRole<Self> = .input(method: "account/logout") { e, _ in
      e.reason == "user" ? .account(.logout) : nil
    }
    public static let documented = EventDoc(
      data: #"`reason`: `user`, `sessionExpired`, `credentialsLost`, `providerChanged`"#,
      recordedWhen: #"the session ended"#)
    public var reason: String
    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The user's images were requested (pages from 0 until an empty one).
  public struct ImagesLoadStarted: EventPayload {
    public static let type = "account.imagesLoadStarted"
    public static let role: EventRole<Self> = .input(method: "account/loadImages") { _, _ in
      .account(.loadImages)
    }
    public static let documented = EventDoc(
      data: #"`requestID`"#,
      recordedWhen: #"`account/loadImages` (or a restart resuming one)"#)
    public var requestID: Int
    public init(requestID: Int) {
      self.requestID = requestID
    }
  }

  /// One page of the user's images; `last` when the next page was empty (or the page cap was reached).
  public struct ImagesPageLoaded: EventPayload {
    public static let type = "account.imagesPageLoaded"
    public static let role: EventRole<Self> = .result { RequestTag("account images", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `page`, `images`, `last`"#,
      recordedWhen: #"one page arrived (`last` when the next was empty or the cap was reached)"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("account images", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"a page request failed"#)
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
    public static let role: EventRole<Self> = .input(method: "account/upload") { e, _ in
      .account(.upload(e.request))
    }
    public static let documented = EventDoc(
      data:
        #"`requestID`, `request: {file: {path, fileName, byteCount, mimeType, staged?}, title, description}` (`staged: true` when the bytes came as `data`, or by the path of bytes staged before: they are kept under `uploads/` until uploaded; absent for a file the user named)"#,
      recordedWhen: #"`account/upload`"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("upload", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `percent` (10, 20, … 100)"#,
      recordedWhen: #"another tenth of the body went out"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("upload", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `image`"#,
      recordedWhen: #"the upload finished"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("upload", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `failure`"#,
      recordedWhen: #"the upload failed (or the file changed into something not uploadable)"#)
    public var requestID: Int
    public var failure: RequestFailure
    public init(requestID: Int, failure: RequestFailure) {
      self.requestID = requestID
      self.failure = failure
    }
  }

  /// The user stopped the upload running (`account/cancelUpload`).
  public struct UploadCancelled: EventPayload {
    public static let type = "account.uploadCancelled"
    public static let role: EventRole<Self> = .input(method: "account/cancelUpload") { _, _ in
      .account(.cancelUpload)
    }
    public static let documented = EventDoc(
      data: #"`requestID`"#,
      recordedWhen:
        #"`account/cancelUpload` while an upload runs: its transfer stops, bytes a frontend sent are removed, and an answer that still arrives changes nothing"#
    )
    public var requestID: Int
    public init(requestID: Int) { self.requestID = requestID }
  }

  /// An image was removed from the list and its delete sent.
  public struct DeleteStarted: EventPayload {
    public static let type = "account.deleteStarted"
    public static let role: EventRole<Self> = .input(method: "account/delete") { e, _ in
      .account(.delete(id: e.imageID))
    }
    public static let documented = EventDoc(
      data: #"`requestID`, `imageID`"#,
      recordedWhen: #"`account/delete`"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("delete", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `imageID`"#,
      recordedWhen: #"Imgur deleted it"#)
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
    public static let role: EventRole<Self> = .result { RequestTag("delete", $0.requestID) }
    public static let documented = EventDoc(
      data: #"`requestID`, `imageID`, `failure`"#,
      recordedWhen: #"the delete failed; the image comes back"#)
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
    public static let role: EventRole<Self> = .decision
    public static let documented = EventDoc(
      data: #"`uploadRequestID?`, `deleteRequestIDs`"#,
      recordedWhen: #"at start-up: the last process stopped during an upload or deletes"#)
    public var uploadRequestID: Int?
    public var deleteRequestIDs: [Int]
    public init(uploadRequestID: Int? = nil, deleteRequestIDs: [Int]) {
      self.uploadRequestID = uploadRequestID
      self.deleteRequestIDs = deleteRequestIDs
    }
  }
}
