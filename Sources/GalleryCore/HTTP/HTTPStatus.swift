import Foundation

/// Maps a non-2xx answer to a `RequestFailure`, reading the server's message and when to retry.
public enum HTTPStatus {
  public static func failure(for response: HTTPResponse) -> RequestFailure {
    RequestFailure(
      kind: .http, status: response.status, serverMessage: serverMessage(response.body),
      retryAfterSeconds: response.status == 429 ? retryAfter(response.headers) : nil)
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

  /// Seconds from `Retry-After` (seconds) or `X-RateLimit-Reset` (seconds, or an epoch time).
  static func retryAfter(_ headers: [String: String]) -> Int? {
    if let value = headers["retry-after"], let seconds = Int(value.trimmingCharacters(in: .whitespaces)),
      seconds >= 0
    {
      return seconds
    }
    if let value = headers["x-ratelimit-reset"], let n = Int(value.trimmingCharacters(in: .whitespaces)),
      n >= 0
    {
      return n > 1_000_000_000 ? nil : n
    }
    return nil
  }
}
