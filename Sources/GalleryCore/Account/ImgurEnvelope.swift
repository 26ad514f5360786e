import Foundation

/// Reads what Imgur answers: `{data, success, status}` on success; on failure `data.error`
/// as a string or an object, `data` a bare string or `false`, a v1 `{"errors":[…]}` body
/// with no `data`, or no JSON at all.
enum ImgurEnvelope {
  /// The `data` of a successful answer, or a typed failure with the server's own words.
  static func data(_ result: Result<HTTPResponse, RequestFailure>) -> Result<JSONValue, RequestFailure> {
    switch result {
    case .failure(let failure): return .failure(failure)
    case .success(let response):
      let body = try? JSONParser.parse([UInt8](response.body))
      let ok = (200..<300).contains(response.status)
      if ok, let body, body["success"] != .bool(false), let data = body["data"] {
        return .success(data)
      }
      if ok && body == nil {
        return .failure(
          RequestFailure(kind: .malformed, status: response.status, detail: "the body is not JSON"))
      }
      return .failure(failure(response, body: body))
    }
  }

  /// The failure for an error answer (or a 2xx with `success: false`).
  /// `now`: seconds since the epoch, for the resets Imgur gives as epoch times (the answer's
  /// own `Date` header counts first, so the wait is the server's).
  static func failure(
    _ response: HTTPResponse, body: JSONValue?, now: Int64 = Int64(Date().timeIntervalSince1970)
  ) -> RequestFailure {
    var status: Int? = response.status
    if (200..<300).contains(response.status) {
      // A 2xx that says it failed: trust the envelope's status when it is an HTTP one; else
      // there is no HTTP status to show (`request.unsuccessful`).
      if let n = body?["status"]?.exactInteger, (400..<600).contains(n) {
        status = Int(n)
      } else {
        status = nil
      }
    }
    let message = body.flatMap(serverMessage) ?? HTTPStatus.serverMessage(response.body)
    var failure = RequestFailure(
      kind: .http, status: status, serverMessage: message,
      retryAfterSeconds: status == 429
        ? retryAfter(response.headers, now: HTTPStatus.serverTime(response.headers) ?? now) : nil)
    if status == 429 { failure.spentBudget = spentBudget(response.headers) }
    return failure
  }

  /// `posts` when a 429's wait is the POST budget's alone (no `Retry-After`, the user's and the
  /// client's budgets not spent): only uploads wait for it. Nil when the whole budget is spent.
  static func spentBudget(_ headers: [String: String]) -> String? {
    guard headers["retry-after"] == nil, headers["x-post-rate-limit-reset"] != nil else { return nil }
    let spent = { (name: String) in headers[name]?.trimmingCharacters(in: .whitespaces) == "0" }
    return spent("x-ratelimit-userremaining") || spent("x-ratelimit-clientremaining") ? nil : "posts"
  }

  /// The readable message in any of Imgur's error shapes.
  static func serverMessage(_ body: JSONValue) -> String? {
    func clean(_ s: String) -> String? {
      let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
      return t.isEmpty ? nil : String(t.prefix(300))
    }
    switch body["data"] {
    case .string(let s)?: return clean(s)
    case .object?:
      switch body["data"]?["error"] {
      case .string(let s)?: return clean(s)
      case .object(let o)?: if case .string(let s)? = o["message"] { return clean(s) }
      default: break
      }
    default: break
    }
    if case .array(let errors)? = body["errors"], let first = errors.first {
      for key in ["detail", "status", "code"] {
        if case .string(let s)? = first[key], let c = clean(s) { return c }
      }
    }
    return nil
  }

  /// Seconds until a retry may work: `Retry-After`, else the reset of whichever Imgur
  /// budget is spent (user, client, then the POST budget).
  /// The user and client resets are epoch times ("timestamp for when the credits will be
  /// reset"): seconds from `now` to them; the POST reset is seconds already.
  static func retryAfter(_ headers: [String: String], now: Int64) -> Int? {
    if let seconds = HTTPStatus.retryAfter(headers.filter { $0.key == "retry-after" }, now: now) {
      return seconds
    }
    func int(_ name: String) -> Int? {
      headers[name].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
    // A value that large is a time, not a wait (a wait of 30 years is no wait).
    func wait(_ reset: Int) -> Int {
      reset > 1_000_000_000
        ? HTTPStatus.wait(until: Int64(reset), now: now) : min(reset, HTTPStatus.longestWait)
    }
    if int("x-ratelimit-userremaining") == 0, let reset = int("x-ratelimit-userreset") { return wait(reset) }
    if int("x-ratelimit-clientremaining") == 0, let reset = int("x-ratelimit-clientreset") {
      return wait(reset)
    }
    return int("x-post-rate-limit-reset")
  }

  /// An image object (`data` of an upload, items of a listing), nil if it lacks an id or a usable link.
  static func image(_ v: JSONValue) -> AccountImage? {
    guard case .string(let id)? = v["id"], !id.isEmpty, id.count <= 64,
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
      let link = ProviderDecoding.webURL(string(v["link"]))
    else { return nil }
    return AccountImage(
      id: id, title: string(v["title"]), description: string(v["description"]), link: link,
      thumbnailURL: thumbnail(link, id: id), type: string(v["type"]) ?? "image/jpeg",
      width: Int(integer(v["width"])), height: Int(integer(v["height"])), size: integer(v["size"]),
      views: integer(v["views"]), bandwidth: integer(v["bandwidth"]), datetime: integer(v["datetime"]),
      animated: v["animated"] == .bool(true))
  }

  /// Imgur's medium thumbnail (`ID` + `m`) for i.imgur.com links; the link itself otherwise.
  static func thumbnail(_ link: String, id: String) -> String {
    guard let url = URL(string: link), url.host?.lowercased() == "i.imgur.com",
      url.lastPathComponent.hasPrefix(id)
    else { return link }
    let ext = url.pathExtension.lowercased()
    // Animated formats get a still JPEG thumbnail.
    let still = ["gif", "gifv", "mp4", "webm"].contains(ext) || ext.isEmpty ? "jpg" : ext
    return "\(url.scheme ?? "https")://i.imgur.com/\(id)m.\(still)"
  }

  private static func string(_ v: JSONValue?) -> String? {
    if case .string(let s)? = v { return String(s.prefix(10_000)) }
    return nil
  }

  private static func integer(_ v: JSONValue?) -> Int64 {
    switch v {
    case .number(let n)? where n.isFinite && abs(n) < 9.0e18: return Int64(n)
    case .string(let s)?: return Int64(s) ?? 0
    default: return 0
    }
  }
}
