extension AccountFeature {
  /// The redirect URL of a completed browser sign-in carries tokens: memory only.
  static func keepSecrets(of action: AccountAction, in vault: SecretVault) {
    if case .completeLogin(let url) = action { vault.set(.redirect, url) }
  }

  /// Bytes an upload of sent data staged under the data directory go when the upload is
  /// refused, unless the upload in the state uses the same file.
  static func unusedFile(ofRefused action: AccountAction, in state: AppState) -> String? {
    guard case .upload(let request) = action, request.file.staged == true,
      state.account.upload.request?.file.path != request.file.path
    else { return nil }
    return request.file.path
  }
}

extension SecretVault.Slot {
  /// A completed browser sign-in's redirect (it carries tokens), until its tokens are stored.
  static let redirect = Self(name: "account.redirect")
}
