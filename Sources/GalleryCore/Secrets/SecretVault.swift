import Synchronization

/// Secrets an accepted action carries besides its events (a typed password, a redirect with
/// tokens), held in memory only until the work that needs them takes them. Each feature
/// declares its slots in its folder (`SecretVault.Slot`) and fills them from its
/// `keepSecrets`; the vault names no feature. Bound: one secret per slot, replaced when set
/// again; owner: the store's effect runtime, for the process's life.
final class SecretVault: Sendable {
  /// Where a secret is kept, by name (`auth.password.login`).
  struct Slot: Hashable, Sendable {
    let name: String
  }

  private let secrets = Mutex<[Slot: Secret]>([:])

  /// Keeps `secret` in `slot`, replacing what it held.
  func set(_ slot: Slot, _ secret: Secret) {
    secrets.withLock { $0[slot] = secret }
  }

  /// What `slot` holds, left there.
  func peek(_ slot: Slot) -> Secret? {
    secrets.withLock { $0[slot] }
  }

  /// What `slot` holds, leaving it empty.
  @discardableResult
  func take(_ slot: Slot) -> Secret? {
    secrets.withLock { $0.removeValue(forKey: slot) }
  }
}
