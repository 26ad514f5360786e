import Foundation

/// The Imgur account: browser sign-in, the user's images, upload, delete, sign-out.
/// Tokens never pass through here: events carry who signed in and for how long.
enum AccountFeature: TakesActions, RunsEffects, ShowsImages, HasScreens, HasProviders, KeepsSecrets,
  KeepsFiles, Resumes, Demonstrates
{
  static let name = "account"
  static func sweepFiles(_ state: AppState, dataDirectory: String) {
    StagedUploads.sweep(dataDirectory: dataDirectory, keeping: StagedUploads.inUse(state))
  }

  static func decide(_ action: AccountAction, _ state: AppState) throws(Rejection) -> [Event] {
    let account = state.account
    switch action {
    case .start(let info):
      guard account.provider != info else { return [] }
      var events: [Event] = []
      if account.status != .signedOut {
        events.append(Event(AccountEvents.SignedOut(reason: "providerChanged")))
      }
      events.append(Event(AccountEvents.ProviderSelected(provider: info)))
      return events
    case .beginLogin(let nonce):
      let provider = account.provider
      guard account.status != .signedIn else {
        throw Rejection("account.alreadySignedIn", ["username": account.username ?? "?"])
      }
      guard (16...128).contains(nonce.count), nonce.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else {
        throw Rejection("account.badNonce")
      }
      // A real provider signs nobody in without its client id (an empty `client_id=`).
      guard provider.name == DemoAccount.info.name || !provider.clientID.isEmpty else {
        throw Rejection("config.missingKey", ["variable": "IMGUR_CLIENT_ID"])
      }
      let url =
        provider.authorizeEndpoint + "?"
        + FormEncoding.encode([
          ("client_id", provider.clientID), ("response_type", "token"), ("state", nonce),
        ])
      return [Event(AccountEvents.LoginBegun(authorizeURL: url, state: nonce))]
    case .completeLogin(let redirect):
      guard account.status == .awaitingRedirect, let pending = account.pendingLogin else {
        throw Rejection("account.notAwaitingRedirect")
      }
      switch OAuthRedirect.parse(redirect.value, expectedState: pending.state) {
      case .failure(let failure):
        return [Event(AccountEvents.LoginFailed(reason: failure.code, detail: failure.detail))]
      case .success(let grant):
        let signedIn = Event(
          AccountEvents.SignedIn(
            username: grant.username, accountID: grant.accountID, expiresIn: grant.expiresIn))
        // On the account screen its images start loading in the same batch: the answer that
        // says signedIn never shows an idle, empty list first.
        guard state.tab == .account else { return [signedIn] }
        return [signedIn, Event(AccountEvents.ImagesLoadStarted(requestID: state.nextRequestID))]
      }
    case .loadImages:
      try requireSignedIn(account)
      // Never two loads at once: the running one serves this call too.
      guard account.imagesStatus != .loading else { return [] }
      return [Event(AccountEvents.ImagesLoadStarted(requestID: state.nextRequestID))]
    case .upload(let request):
      try requireSignedIn(account)
      guard account.upload.status != .uploading else {
        throw Rejection("account.uploadInProgress")
      }
      guard (request.title ?? "").count <= 255, (request.description ?? "").count <= 5000 else {
        throw Rejection("account.uploadTextTooLong")
      }
      return [Event(AccountEvents.UploadStarted(requestID: state.nextRequestID, request: request))]
    case .cancelUpload:
      guard account.upload.status == .uploading, let id = account.upload.requestID else {
        throw Rejection("account.noUploadRunning")
      }
      return [Event(AccountEvents.UploadCancelled(requestID: id))]
    case .delete(let id):
      try requireSignedIn(account)
      guard account.images.contains(where: { $0.image.id == id }) else {
        throw Rejection("account.unknownImage", ["id": String(id.prefix(64))])
      }
      return [Event(AccountEvents.DeleteStarted(requestID: state.nextRequestID, imageID: id))]
    case .logout:
      guard account.status != .signedOut else {
        throw Rejection("account.notSignedIn")
      }
      return [Event(AccountEvents.SignedOut(reason: "user"))]
    case .resume:
      guard account.status == .signedIn, account.imagesStatus == .loading else { return [] }
      return [Event(AccountEvents.ImagesLoadStarted(requestID: state.nextRequestID))]
    }
  }

  /// The client's and the user's budgets gate every account request; the POST budget gates
  /// uploads alone.
  static func retryAreas(of action: AccountAction) -> [ProviderArea] {
    switch action {
    case .loadImages, .delete: return [.account]
    case .upload: return [.account, .accountPosts]
    default: return []
    }
  }

  /// The account's images load when its tab is shown, someone is signed in and they never loaded.
  private static func loadIfShown(_ state: AppState) -> [Effect] {
    let account = state.account
    guard state.tab == .account, account.status == .signedIn, account.imagesStatus == .idle else { return [] }
    return [.dispatch(.account(.loadImages))]
  }

  private static func requireSignedIn(_ account: AccountState) throws(Rejection) {
    guard account.status == .signedIn else {
      throw Rejection("account.signedOut")
    }
  }

  static let providerKeys: [any ProviderKey.Type] = [AccountProviderKey.self]

  static let events: [any EventPayload.Type] = AccountEvents.all

  /// The configured provider is recorded, then work the last process left is resumed.
  static func startupActions(_ environment: GalleryEnvironment) -> [Action] {
    [.account(.start(environment.account.info)), .account(.resume)]
  }

  static let handlers: [EventHandler] = [
    .fold(AccountEvents.ProviderSelected.self) { state, e in
      state.account.provider = e.provider
    },
    .fold(AccountEvents.LoginBegun.self) { state, e in
      state.account.status = .awaitingRedirect
      state.account.pendingLogin = .init(authorizeURL: e.authorizeURL, state: e.state)
      state.account.error = nil
    },
    .fold(AccountEvents.LoginFailed.self) { state, e in
      state.account.status = .signedOut
      state.account.pendingLogin = nil
      state.account.error = state.message(e.reason, loginFailureArguments(e), retryable: true)
        .retrying("account/beginLogin")
    },
    .fold(AccountEvents.SignedIn.self) { state, e in
      let provider = state.account.provider
      state.account = AccountState()
      state.account.provider = provider
      state.account.status = .signedIn
      state.account.username = e.username
      state.account.accountID = e.accountID
      state.account.tokenLifetime = e.expiresIn
    },
    .fold(AccountEvents.TokenRefreshed.self) { state, e in
      state.account.tokenLifetime = e.expiresIn
    },
    .fold(AccountEvents.SignedOut.self) { state, e in
      let provider = state.account.provider
      state.account = AccountState()
      state.account.provider = provider
      switch e.reason {
      case "sessionExpired":
        state.account.error = state.message("account.sessionExpired", retryable: true)
          .retrying("account/beginLogin")
      case "credentialsLost":
        state.account.error = state.message("account.credentialsLost", retryable: true)
          .retrying("account/beginLogin")
      default: break
      }
    },
    .fold(AccountEvents.ImagesLoadStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.account.imagesStatus = .loading
      state.account.imagesRequestID = e.requestID
      state.account.imagesPage = 0
      state.account.error = nil
    },
    .fold(AccountEvents.ImagesPageLoaded.self) { state, e in
      guard state.account.imagesRequestID == e.requestID else { return }
      let deleting = Set(state.account.deleting.map(\.item.image.id))
      let previous = Dictionary(
        state.account.images.map { ($0.image.id, $0) }, uniquingKeysWith: { a, _ in a })
      var items = e.page == 0 ? [] : state.account.images
      var seen = Set(items.map(\.image.id))
      for image in e.images where !deleting.contains(image.id) && seen.insert(image.id).inserted {
        var item = AccountImageItem(image: image)
        if let old = previous[image.id], old.image.thumbnailURL == image.thumbnailURL {
          item.thumbnail = old.thumbnail
        }
        items.append(item)
      }
      state.account.images = items
      state.account.imagesPage = e.page + 1
      state.observe(.account, nil)
      if e.last {
        state.account.imagesStatus = .loaded
        state.account.imagesRequestID = nil
      }
    },
    .fold(AccountEvents.ImagesFailed.self) { state, e in
      guard state.account.imagesRequestID == e.requestID else { return }
      state.account.imagesStatus = .failed
      state.account.imagesRequestID = nil
      state.account.error = state.message(for: e.failure).retrying("account/loadImages")
      state.observe(.account, e.failure, retry: Retry("account/loadImages"))
    },
    .fold(AccountEvents.UploadStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      var upload = AccountState.Upload()
      upload.status = .uploading
      upload.requestID = e.requestID
      upload.fileName = e.request.file.fileName
      upload.request = e.request
      state.account.upload = upload
    },
    .fold(AccountEvents.UploadProgressed.self) { state, e in
      guard state.account.upload.requestID == e.requestID else { return }
      state.account.upload.progress = Double(min(100, max(0, e.percent))) / 100
    },
    .fold(AccountEvents.Uploaded.self) { state, e in
      guard state.account.upload.requestID == e.requestID else { return }
      state.account.images.removeAll { $0.image.id == e.image.id }
      state.account.images.insert(AccountImageItem(image: e.image), at: 0)
      state.account.upload.status = .done
      state.account.upload.progress = 1
      state.account.upload.requestID = nil
      state.account.upload.error = nil
      state.observe(.account, nil)
      state.observe(.accountPosts, nil)
    },
    .fold(AccountEvents.UploadFailed.self) { state, e in
      guard state.account.upload.requestID == e.requestID else { return }
      let retry = state.account.upload.request.map(resend) ?? Retry("account/upload")
      failUpload(&state, state.message(for: e.failure).retrying(retry.method, retry.params))
      state.observe(e.failure.spentBudget == "posts" ? .accountPosts : .account, e.failure, retry: retry)
    },
    .fold(AccountEvents.UploadCancelled.self) { state, e in
      guard state.account.upload.requestID == e.requestID else { return }
      state.account.upload.status = .cancelled
      state.account.upload.requestID = nil
      // A file of the user's is sent again by its path; bytes a frontend sent are gone with the
      // upload, so it offers none (the frontend sends them again).
      let request = state.account.upload.request
      if let request, request.file.staged != true {
        let retry = resend(request)
        state.account.upload.error = state.message("account.uploadCancelled", retryable: true).retrying(
          retry.method, retry.params)
      } else {
        state.account.upload.error = state.message("account.uploadCancelled")
      }
    },
    .fold(AccountEvents.DeleteStarted.self) { state, e in
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      guard let i = state.account.images.firstIndex(where: { $0.image.id == e.imageID }) else { return }
      var item = state.account.images.remove(at: i)
      item.error = nil
      state.account.deleting.append(.init(requestID: e.requestID, index: i, item: item))
    },
    .fold(AccountEvents.Deleted.self) { state, e in
      state.account.deleting.removeAll { $0.requestID == e.requestID }
      state.observe(.account, nil)
    },
    .fold(AccountEvents.DeleteFailed.self) { state, e in
      restore(
        &state, e.requestID,
        state.message(for: e.failure).retrying("account/delete", ["id": .string(e.imageID)]))
      state.observe(.account, e.failure, retry: Retry("account/delete", ["id": .string(e.imageID)]))
    },
    .fold(AccountEvents.WorkInterrupted.self) { state, e in
      if let id = e.uploadRequestID, state.account.upload.requestID == id {
        let retry = state.account.upload.request.map(resend) ?? Retry("account/upload")
        failUpload(
          &state,
          state.message("account.uploadInterrupted", retryable: true).retrying(retry.method, retry.params))
      }
      for id in e.deleteRequestIDs {
        let imageID = state.account.deleting.first { $0.requestID == id }?.item.image.id ?? ""
        restore(
          &state, id,
          state.message("account.deleteInterrupted", retryable: true).retrying(
            "account/delete", ["id": .string(imageID)]))
      }
    },
    .plan(AccountEvents.SignedIn.self) { _, state in
      return [.account(.storeTokens)] + loadIfShown(state)
    },
    .plan(NavigationEvents.Opened.self) { _, state in loadIfShown(state) },
    .plan(NavigationEvents.ShapeChosen.self) { _, state in loadIfShown(state) },
    // Back online, a list of images that failed for want of a network loads again by itself.
    .plan(FeedEvents.ConnectivityChanged.self) { e, state in
      let account = state.account
      guard e.online, account.status == .signedIn, account.imagesStatus == .failed,
        account.error?.saysOffline == true
      else { return [] }
      return [.dispatch(.account(.loadImages))]
    },
    .plan(AccountEvents.LoginFailed.self) { _, state in
      return [.account(.forgetRedirect)]
    },
    .plan(AccountEvents.SignedOut.self) { _, state in
      return [.account(.clearCredentials)]
    },
    .plan(AccountEvents.ImagesLoadStarted.self) { e, state in
      state.load(.account(.loadImages(requestID: e.requestID))) {
        AccountEvents.ImagesFailed(requestID: e.requestID, failure: $0)
      }
    },
    .plan(AccountEvents.UploadStarted.self) { e, state in
      state.load(.account(.upload(requestID: e.requestID, request: e.request))) {
        AccountEvents.UploadFailed(requestID: e.requestID, failure: $0)
      }
    },
    .plan(AccountEvents.UploadCancelled.self) { e, state in
      let file = state.account.upload.request?.file
      return [
        .account(.cancelUpload(requestID: e.requestID, staged: file?.staged == true ? file?.path : nil))
      ]
    },
    .plan(AccountEvents.DeleteStarted.self) { e, state in
      guard state.account.deleting.contains(where: { $0.requestID == e.requestID }) else { return [] }
      return state.load(.account(.delete(requestID: e.requestID, imageID: e.imageID))) {
        AccountEvents.DeleteFailed(requestID: e.requestID, imageID: e.imageID, failure: $0)
      }
    },
  ]

  /// What a failed sign-in's text shows: the provider's own words (quoted by the text), or
  /// the names of the fields the answer lacked; no other detail (it is English, for the log).
  static func loginFailureArguments(_ e: AccountEvents.LoginFailed) -> [String: String] {
    guard let detail = e.detail, MessageCatalog.arguments(of: e.reason).contains("detail") else { return [:] }
    // A log from before field names alone said "expires_in is not a positive number".
    let shown = e.reason == "account.redirectIncomplete" ? detail.components(separatedBy: " is ")[0] : detail
    return ["detail": shown]
  }

  /// The call that sends `request` again: its file by path (bytes sent as data were staged,
  /// and stay staged when sent again by their path), with its title and description.
  static func resend(_ request: UploadRequest) -> Retry {
    var params: [String: JSONValue] = [
      "path": .string(request.file.path), "fileName": .string(request.file.fileName),
    ]
    if let title = request.title { params["title"] = .string(title) }
    if let description = request.description { params["description"] = .string(description) }
    return Retry("account/upload", params)
  }

  private static func failUpload(_ state: inout AppState, _ message: Message) {
    state.account.upload.status = .failed
    state.account.upload.requestID = nil
    state.account.upload.error = message
  }

  /// Puts a deleted image back where it was, with `message`.
  private static func restore(_ state: inout AppState, _ requestID: Int, _ message: Message) {
    guard let k = state.account.deleting.firstIndex(where: { $0.requestID == requestID }) else { return }
    var pending = state.account.deleting.remove(at: k)
    pending.item.error = message
    state.account.images.removeAll { $0.image.id == pending.item.image.id }
    state.account.images.insert(pending.item, at: min(pending.index, state.account.images.count))
    state.account.error = message
  }

  /// An upload or deletes the last process left in flight end with a retryable error.
  static func interruptedWork(_ state: AppState) -> [Event] {
    let upload = state.account.upload.status == .uploading ? state.account.upload.requestID : nil
    let deletes = state.account.deleting.map(\.requestID)
    guard upload != nil || !deletes.isEmpty else { return [] }
    return [Event(AccountEvents.WorkInterrupted(uploadRequestID: upload, deleteRequestIDs: deletes))]
  }
}

extension AccountFeature {
  /// Its state has not changed shape.
  static let stateUpgrades: [StateUpgrade] = []
  /// Nothing on a timer of its own.
  static func startupEffects(_ state: AppState, now: () -> Int64) -> [Effect] { [] }
  /// Its demo photos are served by the Images feature's files.
  static let demoFiles: [DemoFileSource] = []
}
