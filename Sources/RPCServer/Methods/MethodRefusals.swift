/// The message codes each action method's -32010 can carry, published as `x-rejection-codes`
/// so every client can type them. Any action also gets `history.readOnly` from a read-only
/// server (`serve --inspect`); that one is added to each.
///
/// Held to the code by tests: a method missing here, a code thrown in the sources that no
/// method lists, or a refusal seen in a random session that its method does not list, fails.
enum MethodRefusals {
  static let byMethod: [String: [String]] = [
    "auth/setEmail": ["auth.alreadySignedIn"],
    "auth/setPassword": ["auth.alreadySignedIn"],
    "auth/submitLogin": ["auth.alreadySignedIn", "auth.busy", "request.retryTooSoon"],
    "auth/logout": ["auth.notSignedIn"],
    "registration/open": ["auth.alreadySignedIn", "auth.registrationFromLoginOnly", "auth.busy"],
    "registration/setEmail": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/setPassword": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/setAge": ["auth.alreadySignedIn", "auth.registrationClosed"],
    "registration/submit": [
      "auth.alreadySignedIn", "auth.registrationClosed", "auth.busy", "request.retryTooSoon",
    ],
    "nav/back": ["nav.atRoot", "nav.busy"],
    "nav/open": ["nav.signInFirst"],
    "feed/setQuery": ["feed.queryTooLong"],
    "feed/refresh": ["request.retryTooSoon"],
    "feed/loadMore": ["request.retryTooSoon"],
    "images/prefetch": [],
    "images/cancel": [],
    "images/retry": ["feed.unknownKey", "feed.imageNotFailed"],
    "feed/prefetch": [],
    "feed/cancelPrefetch": [],
    "feed/retryImage": ["feed.unknownKey", "feed.imageNotFailed"],
    "feed/openDetail": ["feed.unknownKey", "detail.alreadyOpen", "nav.notShown"],
    "detail/close": ["detail.notOpen"],
    "albums/load": ["request.retryTooSoon"],
    "albums/setSearch": ["albums.searchTooLong"],
    "albums/open": ["albums.unknownAlbum", "albums.alreadyOpen", "nav.notShown"],
    "albums/openPhoto": ["albums.unknownPhoto", "albums.photoAlreadyOpen", "nav.notShown"],
    "albums/retry": ["albums.nothingToRetry", "request.retryTooSoon"],
    "connectivity/set": [],
    "account/beginLogin": ["account.alreadySignedIn", "account.badNonce", "config.missingKey"],
    "account/completeLogin": ["account.notAwaitingRedirect"],
    "account/loadImages": ["account.signedOut", "request.retryTooSoon"],
    "account/upload": ["account.signedOut", "account.uploadInProgress", "account.uploadTextTooLong"],
    "account/delete": ["account.signedOut", "account.unknownImage"],
    "account/logout": ["account.notSignedIn"],
    "video/playRandom": ["video.badQuality", "video.badScreen", "request.retryTooSoon"],
    "settings/update": ["settings.invalid"],
  ]
}

extension MethodSpec {
  /// The message codes a -32010 of this method can carry (empty for a method that is no action).
  public var refusals: [String] {
    guard case .action = route else { return [] }
    return (MethodRefusals.byMethod[name] ?? []) + ["history.readOnly"]
  }
}
