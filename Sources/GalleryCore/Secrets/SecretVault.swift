import Foundation

/// Passwords typed into the forms, held in memory only, until submitted or cleared.
final class SecretVault: @unchecked Sendable {
  private let lock = NSLock()
  private var passwords: [AuthForm: Secret] = [:]
  private var redirect: Secret?

  /// Holds a sign-in redirect (it carries tokens) until the runtime stores or drops them.
  func setRedirect(_ secret: Secret) {
    lock.lock()
    redirect = secret
    lock.unlock()
  }

  /// Hands over the held redirect, leaving none.
  func takeRedirect() -> Secret? {
    lock.lock()
    defer { lock.unlock() }
    let taken = redirect
    redirect = nil
    return taken
  }

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
