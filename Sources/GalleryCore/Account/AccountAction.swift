/// What a frontend asks of the account screen.
public enum AccountAction: Codable, Equatable, Sendable {
  /// Runtime, at start: the configured provider (a different one than last time signs out).
  case start(AccountProviderInfo)
  /// Starts browser sign-in with a fresh one-time `nonce` (the RPC layer draws it at random).
  case beginLogin(nonce: String)
  /// The URL the browser landed on; it carries the tokens, so it is a secret.
  case completeLogin(redirectURL: Secret)
  case loadImages
  /// Uploads a file already checked by `UploadFile.inspect`.
  case upload(UploadRequest)
  /// Stops the upload running: its transfer ends, bytes a frontend sent are removed.
  case cancelUpload
  case delete(id: String)
  case logout
  /// Runtime, at start: restarts an image load the last process left in flight.
  case resume
}

extension AccountAction: FeatureAction {
  typealias Feature = AccountFeature
}

extension Action {
  /// An action of the account feature.
  public static func account(_ action: AccountAction) -> Action { Action(action) }
}
