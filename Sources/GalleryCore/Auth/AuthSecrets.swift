extension AuthFeature {
  /// A typed password goes to the vault (memory only); its events carry only its length.
  static func keepSecrets(of action: Action, in vault: SecretVault) {
    if case .auth(.setPassword(let form, let secret)) = action { vault.set(form, secret) }
  }
}
