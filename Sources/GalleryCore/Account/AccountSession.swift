import Foundation
import Synchronization

/// Runs account calls with a live access token from the credentials file: refreshes first
/// when the token has expired (by the `expires_in` the provider gave), and once more after a
/// 401/403 answer, then retries the call once. A refresh the provider refuses ends the
/// session (`account.signedOut` with `sessionExpired`); a refresh that could not reach it
/// fails only the call, with a retryable error.
final class AccountSession: Sendable {
  /// A call's result and the events to record before it (a refresh, a sign-out). A nil
  /// result means the session ended.
  struct Call<T> {
    var result: Result<T, RequestFailure>?
    var events: [Event]
  }

  private enum Refresh {
    case token(String, lifetime: Int64)
    case failed(RequestFailure)
    case ended
  }

  /// Refresh this long before the provider's expiry (clock skew, time in flight).
  static let expiryMargin: Int64 = 30

  private let provider: any AccountProvider
  private let credentials: CredentialsFile
  /// Milliseconds since the epoch.
  private let clock: @Sendable () -> Int64
  /// The refresh in flight and the stale token it replaces: concurrent calls share it.
  private let refreshing = Mutex<(stale: String, task: Task<Refresh, Never>)?>(nil)

  init(provider: any AccountProvider, credentials: CredentialsFile, clock: @escaping @Sendable () -> Int64) {
    self.provider = provider
    self.credentials = credentials
    self.clock = clock
  }

  private var now: Int64 { clock() / 1000 }

  /// Stores the tokens of a fresh sign-in.
  func store(accessToken: String, refreshToken: String, expiresIn: Int64) throws {
    let expiresAt = now + expiresIn
    let name = provider.info.name
    try credentials.update {
      $0.account = .init(
        provider: name, accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiresAt)
    }
  }

  /// Runs `work` with a valid token, refreshing and retrying as described above.
  func call<T>(_ work: @Sendable (String) async -> Result<T, RequestFailure>) async -> Call<T> {
    guard let stored = credentials.read().account, stored.provider == provider.info.name else {
      return Call(result: nil, events: [Event(AccountEvents.SignedOut(reason: "credentialsLost"))])
    }
    var events: [Event] = []
    var token = stored.accessToken
    var refreshed = false
    func renew() async -> Call<T>? {
      refreshed = true
      let (outcome, own) = await refresh(stale: token)
      events += own
      switch outcome {
      case .token(let fresh, _):
        token = fresh
        return nil
      case .failed(let failure): return Call(result: .failure(failure), events: events)
      case .ended: return Call(result: nil, events: events)
      }
    }
    if stored.expiresAt <= now + Self.expiryMargin, let stop = await renew() { return stop }
    let first = await work(token)
    guard case .failure(let failure) = first, failure.kind == .http,
      failure.status == 401 || failure.status == 403,
      !refreshed
    else { return Call(result: first, events: events) }
    if let stop = await renew() { return stop }
    return Call(result: await work(token), events: events)
  }

  /// One refresh for every call holding `stale`; only the call that started it gets the
  /// events to record (so they are recorded once).
  private func refresh(stale: String) async -> (Refresh, [Event]) {
    enum Start {
      case join(Task<Refresh, Never>)
      case already(String)
      case own(Task<Refresh, Never>)
    }
    let start = refreshing.withLock { refreshing -> Start in
      if let running = refreshing, running.stale == stale { return .join(running.task) }
      if let current = credentials.read().account, current.accessToken != stale {
        return .already(current.accessToken)  // another call refreshed already
      }
      let task = Task { await self.performRefresh() }
      refreshing = (stale, task)
      return .own(task)
    }
    let task: Task<Refresh, Never>
    switch start {
    case .join(let running): return (await running.value, [])
    case .already(let token): return (.token(token, lifetime: 0), [])
    case .own(let own): task = own
    }
    let outcome = await task.value
    refreshing.withLock { if $0?.stale == stale { $0 = nil } }
    switch outcome {
    case .token(_, let lifetime): return (outcome, [Event(AccountEvents.TokenRefreshed(expiresIn: lifetime))])
    case .ended: return (outcome, [Event(AccountEvents.SignedOut(reason: "sessionExpired"))])
    case .failed: return (outcome, [])
    }
  }

  private func performRefresh() async -> Refresh {
    guard let stored = credentials.read().account else { return .ended }
    switch await provider.refresh(refreshToken: stored.refreshToken) {
    case .success(let tokens):
      do {
        try store(
          accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn)
      } catch {
        return .failed(
          RequestFailure(kind: .malformed, detail: "could not store the refreshed token: \(error)"))
      }
      return .token(tokens.accessToken, lifetime: tokens.expiresIn)
    case .failure(let failure):
      // The provider said no: the refresh token is dead. Anything else may pass.
      if failure.kind == .rejected
        || (failure.kind == .http && (400..<500).contains(failure.status ?? 0)
          && failure.status != 429)
      {
        try? credentials.update { $0.account = nil }
        return .ended
      }
      return .failed(failure)
    }
  }
}
