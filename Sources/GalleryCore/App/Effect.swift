/// Work to do outside the fold, described as data. Planned from an event and the state it
/// produced; run by the `EffectRuntime`, whose results come back as events. Replay never runs them.
public enum Effect: Codable, Equatable, Sendable {
  /// Sign in or register `email` (the password is taken from memory); on success store
  /// the token in the credentials file and record `auth.succeeded`, else `auth.failed`.
  case authenticate(form: AuthForm, requestID: Int, email: String)
  /// Remove the sign-in token from the credentials file.
  case clearCredentials
  /// Drop the in-memory password of a form.
  case forgetPassword(AuthForm)
  /// Send an action through the store, as the frontend would (follow-up work).
  case dispatch(Action)
  /// After `milliseconds`, send `then` (a timer firing enters the log through its action's events).
  case startTimer(id: Int, milliseconds: Int, then: Action)
  /// Fetch a page from the feed provider; records `feed.pageLoaded` or `feed.loadFailed`.
  case loadFeedPage(requestID: Int, query: String, page: Int, perPage: Int)
  /// Keep this first page on disk as the offline copy (replacing the last one).
  case saveOfflineCopy(provider: String, query: String, photos: [Photo])
  /// Read the offline copy; records `feed.offlineCopyShown` if there is one for `provider`.
  case showOfflineCopy(provider: String)
  /// Get an image into the cache (from the cache if it is there); records `feed.imageLoaded` or `feed.imageFailed`.
  case downloadImage(key: String, target: ImageTarget, url: String)
  /// Find an album's first photo (its preview), record it, and get its thumbnail into the cache.
  case resolveAlbumPreview(albumID: Int)
  /// Load albums and owners at the same time; each records its own result.
  case loadAlbums(requestID: Int)
  /// Load one album's photos.
  case loadAlbumPhotos(requestID: Int, albumID: Int)
  /// Write the tokens of the sign-in redirect held in memory to the credentials file
  /// (records `account.signedOut` with `credentialsLost` if it cannot).
  case storeAccountTokens
  /// Drop the sign-in redirect held in memory (the sign-in failed).
  case forgetAccountRedirect
  /// Remove the account's tokens from the credentials file.
  case clearAccountCredentials
  /// Load the account's images page by page until an empty page.
  case loadAccountImages(requestID: Int)
  /// Read the file again and upload it, recording progress every tenth.
  case uploadAccountImage(requestID: Int, request: UploadRequest)
  /// Delete one image at the provider.
  case deleteAccountImage(requestID: Int, imageID: String)
  /// Fetch popular videos and record one picked at random (`video.picked`) or the failure.
  case pickRandomVideo(requestID: Int)
  /// Set the image cache's budget; a smaller one evicts at once (`feed.imagesEvicted`).
  case setImageCacheBudget(megabytes: Int)
  /// Serve each feature from these providers and base URLs (no-op if they are in use).
  case useProviders(ProviderSettings)
  /// Stop downloads of these keys.
  case cancelDownloads(keys: [String], target: ImageTarget)
  /// Stop every download for `target`.
  case cancelAllDownloads(target: ImageTarget)
}
