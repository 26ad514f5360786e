import Foundation

/// Passwords typed into the forms, held in memory only, until submitted or cleared.
final class SecretVault: @unchecked Sendable {
  private let lock = NSLock()
  private var passwords: [AuthForm: Secret] = [:]

  func set(_ form: AuthForm, _ secret: Secret) {
    lock.lock()
    passwords[form] = secret
    lock.unlock()
  }

  func password(_ form: AuthForm) -> Secret? {
    lock.lock()
    defer { lock.unlock() }
    return passwords[form]
  }

  func forget(_ form: AuthForm) {
    lock.lock()
    passwords[form] = nil
    lock.unlock()
  }
}
