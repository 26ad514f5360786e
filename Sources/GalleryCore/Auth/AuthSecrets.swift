extension AuthFeature {
  /// A typed password goes to the vault (memory only); its events carry only its length.
  static func keepSecrets(of action: AuthAction, in vault: SecretVault) {
    if case .setPassword(let form, let secret) = action {
      vault.set(.password(form), secret)
    }
  }
}

extension SecretVault.Slot {
  /// The password typed into `form`, until submitted or cleared.
  static func password(_ form: AuthForm) -> Self { Self(name: "auth.password." + form.rawValue) }
}
