import Foundation

/// Runs effects against the environment and hands their results back as events.
/// The only place that touches backends, the credentials file and in-memory secrets.
final class EffectRuntime: @unchecked Sendable {
  private let environment: GalleryEnvironment
  let vault = SecretVault()
  let credentials: CredentialsFile
  private let record: @Sendable ([Event]) -> Void
  private let idle = NSCondition()
  private var inFlight = 0

  /// `record` appends result events through the store (the same path as actions).
  init(
    environment: GalleryEnvironment, credentials: CredentialsFile,
    record: @escaping @Sendable ([Event]) -> Void
  ) {
    self.environment = environment
    self.credentials = credentials
    self.record = record
  }

  /// Starts `effects`. Anything they need from memory is captured now, before returning.
  func start(_ effects: [Effect]) {
    for effect in effects {
      switch effect {
      case .forgetPassword(let form):
        vault.forget(form)
      case .clearCredentials:
        try? credentials.update { $0.signIn = nil }
      case .authenticate(let form, let requestID, let email):
        let password = vault.password(form)
        run { [environment, credentials] in
          guard let password else {
            return [Event(AuthEvents.Interrupted(form: form, requestID: requestID))]
          }
          let result =
            form == .login
            ? await environment.auth.signIn(email: email, password: password)
            : await environment.auth.register(email: email, password: password)
          switch result {
          case .failure(let failure):
            return [Event(AuthEvents.Failed(form: form, requestID: requestID, failure: failure))]
          case .success(let grant):
            do {
              try credentials.update { $0.signIn = .init(email: email, token: grant.token.value) }
            } catch {
              let failure = RequestFailure(
                kind: .malformed, detail: "could not store the credentials: \(error)")
              return [Event(AuthEvents.Failed(form: form, requestID: requestID, failure: failure))]
            }
            return [Event(AuthEvents.Succeeded(form: form, requestID: requestID, email: email))]
          }
        }
      }
    }
  }

  /// Runs asynchronous work whose result events are recorded when it finishes.
  private func run(_ work: @escaping @Sendable () async -> [Event]) {
    idle.lock()
    inFlight += 1
    idle.unlock()
    Task.detached { [self] in
      let events = await work()
      if !events.isEmpty { record(events) }
      finished()
    }
  }

  private func finished() {
    idle.lock()
    inFlight -= 1
    idle.broadcast()
    idle.unlock()
  }

  /// Blocks until no effect is running (each one's result has been recorded), or until
  /// `timeout` seconds have passed; returns whether it got idle.
  @discardableResult
  func waitUntilIdle(timeout: Double? = nil) -> Bool {
    let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
    idle.lock()
    defer { idle.unlock() }
    while inFlight > 0 {
      if let deadline {
        if !idle.wait(until: deadline) { return inFlight == 0 }
      } else {
        idle.wait()
      }
    }
    return true
  }
}
