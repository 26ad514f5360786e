import Foundation

/// Maps a non-2xx answer to a `RequestFailure`, reading the server's message and when to retry.
public enum HTTPStatus {
  /// `now`: seconds since the epoch, for a wait given as a time; the answer's own `Date`
  /// header counts first, so the wait is the server's.
  public static func failure(
    for response: HTTPResponse, now: Int64 = Int64(Date().timeIntervalSince1970)
  ) -> RequestFailure {
    RequestFailure(
      kind: .http, status: response.status, serverMessage: serverMessage(response.body),
      retryAfterSeconds: response.status == 429
        ? retryAfter(response.headers, now: serverTime(response.headers) ?? now) : nil)
  }

  /// A short readable message from a body: `{"error": "..."}`, `{"message": "..."}`, or plain text.
  static func serverMessage(_ body: Data) -> String? {
    if case .object(let members)? = try? JSONParser.parse(Array(body)) {
      for key in ["error", "message"] {
        if case .string(let text)? = members[key], !text.isEmpty { return String(text.prefix(300)) }
      }
      return nil
    }
    guard let text = String(data: body, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
      !text.isEmpty, text.count <= 300, !text.hasPrefix("<")
    else { return nil }
    return text
  }

  /// The longest wait a server can ask for: a day. A wait past it (a date decades ahead) is
  /// read as a day, the way a wait in seconds is bounded.
  static let longestWait = 86_400

  /// Seconds to wait from `Retry-After` (seconds, or an HTTP date) or `X-RateLimit-Reset`
  /// (seconds, or an epoch time as Pexels sends with `X-Ratelimit-Remaining: 0`); `now` is
  /// seconds since the epoch. A time in the past is no wait; every wait is at most a day.
  static func retryAfter(_ headers: [String: String], now: Int64) -> Int? {
    if let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
      if let seconds = Int(value), seconds >= 0 { return min(seconds, longestWait) }
      if let date = HTTPDate.seconds(value) { return wait(until: date, now: now) }
    }
    if let value = headers["x-ratelimit-reset"], let n = Int(value.trimmingCharacters(in: .whitespaces)),
      n >= 0
    {
      return n > 1_000_000_000 ? wait(until: Int64(n), now: now) : min(n, longestWait)
    }
    return nil
  }

  /// Seconds from `now` to `time` (both since the epoch), within 0...`longestWait`.
  static func wait(until time: Int64, now: Int64) -> Int {
    Int(min(max(time - now, 0), Int64(longestWait)))
  }

  /// The answer's `Date` header in seconds since the epoch.
  static func serverTime(_ headers: [String: String]) -> Int64? {
    headers["date"].flatMap(HTTPDate.seconds)
  }
}
