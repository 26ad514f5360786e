import Foundation

/// The Imgur account: browser sign-in, the user's images, upload, delete, sign-out.
/// Tokens never pass through here: events carry who signed in and for how long.
enum AccountFeature {
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
        throw Rejection(
          "account.alreadySignedIn", "Already signed in as \(account.username ?? "someone"); sign out first.")
      }
      guard (16...128).contains(nonce.count), nonce.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else {
        throw Rejection("account.badNonce", "The sign-in state must be 16 to 128 letters and digits.")
      }
      let url =
        provider.authorizeEndpoint + "?"
        + FormEncoding.encode([
          ("client_id", provider.clientID), ("response_type", "token"), ("state", nonce),
        ])
      return [Event(AccountEvents.LoginBegun(authorizeURL: url, state: nonce))]
    case .completeLogin(let redirect):
      guard account.status == .awaitingRedirect, let pending = account.pendingLogin else {
        throw Rejection(
          "account.notAwaitingRedirect",
          "No sign-in is waiting for a redirect; call account/beginLogin first.")
      }
      switch OAuthRedirect.parse(redirect.value, expectedState: pending.state) {
      case .failure(let failure):
        return [Event(AccountEvents.LoginFailed(reason: failure.code, detail: failure.detail))]
      case .success(let grant):
        return [
          Event(
            AccountEvents.SignedIn(
              username: grant.username, accountID: grant.accountID, expiresIn: grant.expiresIn))
        ]
      }
    case .loadImages:
      try requireSignedIn(account)
      // Never two loads at once: the running one serves this call too.
      guard account.imagesStatus != .loading else { return [] }
      return [Event(AccountEvents.ImagesLoadStarted(requestID: state.nextRequestID))]
    case .upload(let request):
      try requireSignedIn(account)
      guard account.upload.status != .uploading else {
        throw Rejection("account.uploadInProgress", "An upload is already running; wait for it to finish.")
      }
      guard (request.title ?? "").count <= 255, (request.description ?? "").count <= 5000 else {
        throw Rejection(
          "account.uploadTextTooLong", "A title can have at most 255 characters and a description 5000.")
      }
      return [Event(AccountEvents.UploadStarted(requestID: state.nextRequestID, request: request))]
    case .delete(let id):
      try requireSignedIn(account)
      guard account.images.contains(where: { $0.image.id == id }) else {
        throw Rejection("account.unknownImage", "No image with id \(id.prefix(64)) is in the list.")
      }
      return [Event(AccountEvents.DeleteStarted(requestID: state.nextRequestID, imageID: id))]
    case .logout:
      guard account.status != .signedOut else {
        throw Rejection("account.notSignedIn", "Nobody is signed in.")
      }
      return [Event(AccountEvents.SignedOut(reason: "user"))]
    case .resume:
      guard account.status == .signedIn, account.imagesStatus == .loading else { return [] }
      return [Event(AccountEvents.ImagesLoadStarted(requestID: state.nextRequestID))]
    }
  }

  private static func requireSignedIn(_ account: AccountState) throws(Rejection) {
    guard account.status == .signedIn else {
      throw Rejection("account.signedOut", "Sign in to the account first (account/beginLogin).")
    }
  }

  static func reduce(_ state: inout AppState, _ payload: any EventPayload) {
    switch payload {
    case let e as AccountEvents.ProviderSelected:
      state.account.provider = e.provider
    case let e as AccountEvents.LoginBegun:
      state.account.status = .awaitingRedirect
      state.account.pendingLogin = .init(authorizeURL: e.authorizeURL, state: e.state)
      state.account.error = nil
    case let e as AccountEvents.LoginFailed:
      state.account.status = .signedOut
      state.account.pendingLogin = nil
      state.account.error = state.message(e.reason, ["detail": e.detail ?? ""], retryable: true)
    case let e as AccountEvents.SignedIn:
      let provider = state.account.provider
      state.account = AccountState()
      state.account.provider = provider
      state.account.status = .signedIn
      state.account.username = e.username
      state.account.accountID = e.accountID
      state.account.tokenLifetime = e.expiresIn
    case let e as AccountEvents.TokenRefreshed:
      state.account.tokenLifetime = e.expiresIn
    case let e as AccountEvents.SignedOut:
      let provider = state.account.provider
      state.account = AccountState()
      state.account.provider = provider
      switch e.reason {
      case "sessionExpired":
        state.account.error = state.message("account.sessionExpired", retryable: true)
      case "credentialsLost":
        state.account.error = state.message("account.credentialsLost", retryable: true)
      default: break
      }
    case let e as AccountEvents.ImagesLoadStarted:
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      state.account.imagesStatus = .loading
      state.account.imagesRequestID = e.requestID
      state.account.imagesPage = 0
      state.account.error = nil
    case let e as AccountEvents.ImagesPageLoaded:
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
      if e.last {
        state.account.imagesStatus = .loaded
        state.account.imagesRequestID = nil
      }
    case let e as AccountEvents.ImagesFailed:
      guard state.account.imagesRequestID == e.requestID else { return }
      state.account.imagesStatus = .failed
      state.account.imagesRequestID = nil
      state.account.error = state.message(for: e.failure)
    case let e as AccountEvents.UploadStarted:
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      var upload = AccountState.Upload()
      upload.status = .uploading
      upload.requestID = e.requestID
      upload.fileName = e.request.file.fileName
      upload.request = e.request
      state.account.upload = upload
    case let e as AccountEvents.UploadProgressed:
      guard state.account.upload.requestID == e.requestID else { return }
      state.account.upload.progress = Double(min(100, max(0, e.percent))) / 100
    case let e as AccountEvents.Uploaded:
      guard state.account.upload.requestID == e.requestID else { return }
      state.account.images.removeAll { $0.image.id == e.image.id }
      state.account.images.insert(AccountImageItem(image: e.image), at: 0)
      state.account.upload.status = .done
      state.account.upload.progress = 1
      state.account.upload.requestID = nil
      state.account.upload.error = nil
    case let e as AccountEvents.UploadFailed:
      guard state.account.upload.requestID == e.requestID else { return }
      failUpload(&state, state.message(for: e.failure))
    case let e as AccountEvents.DeleteStarted:
      state.nextRequestID = max(state.nextRequestID, e.requestID + 1)
      guard let i = state.account.images.firstIndex(where: { $0.image.id == e.imageID }) else { return }
      var item = state.account.images.remove(at: i)
      item.error = nil
      state.account.deleting.append(.init(requestID: e.requestID, index: i, item: item))
    case let e as AccountEvents.Deleted:
      state.account.deleting.removeAll { $0.requestID == e.requestID }
    case let e as AccountEvents.DeleteFailed:
      restore(&state, e.requestID, state.message(for: e.failure))
    case let e as AccountEvents.WorkInterrupted:
      if let id = e.uploadRequestID, state.account.upload.requestID == id {
        failUpload(&state, state.message("account.uploadInterrupted", retryable: true))
      }
      for id in e.deleteRequestIDs {
        restore(&state, id, state.message("account.deleteInterrupted", retryable: true))
      }
    default:
      return
    }
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

  static func effects(_ payload: any EventPayload, _ state: AppState) -> [Effect] {
    switch payload {
    case is AccountEvents.SignedIn: return [.storeAccountTokens]
    case is AccountEvents.LoginFailed: return [.forgetAccountRedirect]
    case is AccountEvents.SignedOut: return [.clearAccountCredentials]
    case let e as AccountEvents.ImagesLoadStarted: return [.loadAccountImages(requestID: e.requestID)]
    case let e as AccountEvents.UploadStarted:
      return [.uploadAccountImage(requestID: e.requestID, request: e.request)]
    case let e as AccountEvents.DeleteStarted
    where state.account.deleting.contains { $0.requestID == e.requestID }:
      return [.deleteAccountImage(requestID: e.requestID, imageID: e.imageID)]
    default: return []
    }
  }

  /// An upload or deletes the last process left in flight end with a retryable error.
  static func interruptedWork(_ state: AppState) -> [Event] {
    let upload = state.account.upload.status == .uploading ? state.account.upload.requestID : nil
    let deletes = state.account.deleting.map(\.requestID)
    guard upload != nil || !deletes.isEmpty else { return [] }
    return [Event(AccountEvents.WorkInterrupted(uploadRequestID: upload, deleteRequestIDs: deletes))]
  }
}
