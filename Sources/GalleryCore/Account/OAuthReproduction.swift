import Foundation

/// How a rerun makes a recorded sign-in's redirect again: the log keeps what the redirect
/// told (who signed in, or why nobody did), never its tokens, so the rerun writes a redirect
/// that tells the same with tokens of its own (`rerun`), against the state it has reached.
extension OAuthRedirect {
  /// A redirect that signs in whom `e` names, answering the one-time `state`.
  static func reproducing(_ e: AccountEvents.SignedIn, state: String) -> String {
    redirect([
      ("access_token", "rerun"), ("refresh_token", "rerun"), ("expires_in", String(e.expiresIn)),
      ("token_type", "bearer"), ("account_username", e.username), ("account_id", String(e.accountID)),
      ("state", state),
    ])
  }

  /// A redirect refused the way `e` says, answering the one-time `state` where the refusal
  /// is not about the state.
  static func reproducing(_ e: AccountEvents.LoginFailed, state: String) -> String {
    let detail = e.detail ?? ""
    switch (e.reason, detail) {
    case ("account.redirectInvalid", "not a URL"): return "not a url"
    case ("account.redirectInvalid", _): return "rerun://callback#" + String(repeating: "x", count: 8192)
    case ("account.stateMismatch", "the redirect has no state"): return redirect([])
    case ("account.stateMismatch", _): return redirect([("state", state + "-not")])
    case ("account.loginDenied", _):
      return redirect([("state", state), ("error", "access_denied"), ("error_description", detail)])
    case ("account.loginError", _):
      return redirect([("state", state), ("error", detail), ("error_description", detail)])
    default:
      // Incomplete: every field the detail names is left out (a field left out and one with a
      // value refused are told alike).
      let named = Set(detail.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
      let fields = [
        ("access_token", "rerun"), ("refresh_token", "rerun"), ("expires_in", "60"), ("token_type", "bearer"),
        ("account_username", "rerun"), ("account_id", "1"),
      ]
      let kept = fields.filter { !named.contains($0.0) }
      return redirect(kept + [("state", state)])
    }
  }

  /// A redirect with these fragment parameters.
  private static func redirect(_ parameters: [(String, String)]) -> String {
    "rerun://callback#" + FormEncoding.encode(parameters)
  }
}
