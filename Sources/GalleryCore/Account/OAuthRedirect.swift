import Foundation

/// Reads the URL the browser lands on after the provider's authorize page (OAuth 2.0
/// implicit grant): tokens in the fragment, `state` in the query or the fragment.
public enum OAuthRedirect {
  /// What a successful redirect carries. The tokens are secrets: they go to the
  /// credentials file only.
  public struct Grant: Equatable, Sendable {
    public var accessToken: String
    public var refreshToken: String
    public var expiresIn: Int64
    public var tokenType: String
    public var username: String
    public var accountID: Int64
  }

  /// Why a redirect signs nobody in; `code` is the message code shown in `/account/error`.
  public struct Failure: Error, Equatable, Sendable {
    public var code: String
    public var detail: String?
  }

  /// Every parameter of the query and the fragment (the fragment wins), percent-decoded.
  static func parameters(_ url: String) -> [String: String] {
    var result: [String: String] = [:]
    func read(_ part: Substring) {
      for pair in part.split(separator: "&") {
        let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name =
          String(kv[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(kv[0])
        let value = kv.count > 1 ? String(kv[1]).replacingOccurrences(of: "+", with: " ") : ""
        if !name.isEmpty { result[name] = value.removingPercentEncoding ?? value }
      }
    }
    let fragmentSplit = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let beforeFragment = fragmentSplit[0]
    if let q = beforeFragment.firstIndex(of: "?") { read(beforeFragment[beforeFragment.index(after: q)...]) }
    if fragmentSplit.count > 1 { read(fragmentSplit[1]) }
    return result
  }

  /// The grant in `url`, checked against the one-time `expectedState`.
  public static func parse(_ url: String, expectedState: String) -> Result<Grant, Failure> {
    guard url.count <= 8192 else {
      return .failure(Failure(code: "account.redirectInvalid", detail: "longer than 8192 characters"))
    }
    guard url.contains("://") else {
      return .failure(Failure(code: "account.redirectInvalid", detail: "not a URL"))
    }
    let p = parameters(url)
    // The state first: an answer to someone else's request tells us nothing, not even an error.
    guard let state = p["state"] else {
      return .failure(Failure(code: "account.stateMismatch", detail: "the redirect has no state"))
    }
    guard state == expectedState else {
      return .failure(
        Failure(code: "account.stateMismatch", detail: "the redirect's state is not the one sent"))
    }
    if let error = p["error"] {
      let code = error == "access_denied" ? "account.loginDenied" : "account.loginError"
      return .failure(Failure(code: code, detail: String((p["error_description"] ?? error).prefix(200))))
    }
    var missing: [String] = []
    func field(_ name: String) -> String {
      guard let value = p[name], !value.isEmpty else {
        missing.append(name)
        return ""
      }
      return value
    }
    let access = field("access_token")
    let refresh = field("refresh_token")
    let expires = field("expires_in")
    let type = field("token_type")
    let username = field("account_username")
    let accountID = field("account_id")
    guard missing.isEmpty else {
      return .failure(Failure(code: "account.redirectIncomplete", detail: missing.joined(separator: ", ")))
    }
    guard let expiresIn = Int64(expires), expiresIn > 0 else {
      return .failure(
        Failure(code: "account.redirectIncomplete", detail: "expires_in"))
    }
    guard let id = Int64(accountID), id >= 0 else {
      return .failure(Failure(code: "account.redirectIncomplete", detail: "account_id"))
    }
    guard type.lowercased() == "bearer" else {
      return .failure(Failure(code: "account.redirectIncomplete", detail: "token_type"))
    }
    return .success(
      Grant(
        accessToken: access, refreshToken: refresh, expiresIn: expiresIn, tokenType: type,
        username: String(username.prefix(200)), accountID: id))
  }
}
