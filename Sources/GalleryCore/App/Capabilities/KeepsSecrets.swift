/// A feature whose actions carry what must never reach the log (a password, a redirect with
/// tokens) or stage a file: it hands the secrets to memory and names what a refusal left.
protocol KeepsSecrets: TakesActions {
  /// Hands `vault` what an accepted `action` carries besides its events: memory only.
  static func keepSecrets(of action: Actions, in vault: SecretVault)
  /// The file a refused `action` staged that nothing will use (`state`: the state it was
  /// refused in, which may still name the same file).
  static func unusedFile(ofRefused action: Actions, in state: AppState) -> String?
}
