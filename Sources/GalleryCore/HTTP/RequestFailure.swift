/// Why a request to a provider did not produce a result, as a domain value that events carry
/// (so replay shows the same error without the network).
public struct RequestFailure: Codable, Equatable, Sendable, Error {
  public enum Kind: String, Codable, Sendable {
    /// No connection (refused, unreachable, DNS failed).
    case offline
    /// No answer in time.
    case timeout
    /// An HTTP status outside 2xx.
    case http
    /// A body that could not be decoded.
    case malformed
    /// The backend understood and said no (wrong credentials, email taken).
    case rejected
    /// Cancelled by the user or superseded.
    case cancelled
  }

  public var kind: Kind
  /// The HTTP status, for `http` and `rejected`.
  public var status: Int?
  /// What the server said, when it said something readable.
  public var serverMessage: String?
  /// Seconds until a retry may succeed (429 Retry-After or rate-limit reset).
  public var retryAfterSeconds: Int?
  /// Technical detail for logs and debugging (never shown as the main message).
  public var detail: String?

  public init(
    kind: Kind, status: Int? = nil, serverMessage: String? = nil, retryAfterSeconds: Int? = nil,
    detail: String? = nil
  ) {
    self.kind = kind
    self.status = status
    self.serverMessage = serverMessage
    self.retryAfterSeconds = retryAfterSeconds
    self.detail = detail
  }

  /// The message to show for this failure: one per status class, as the PixaBay seed's
  /// ResponseMapper did, with the server's own words when it gave some (the Image App seed
  /// wished its errors were clearer). Every one is retryable except a rejection.
  public var message: Message {
    var shown = classMessage
    if kind == .http, let said = serverMessage?.trimmingCharacters(in: .whitespacesAndNewlines), !said.isEmpty
    {
      shown.message = MessageCatalog.text(
        "request.serverSaid", ["text": shown.message, "detail": String(said.prefix(200))])
    }
    return shown
  }

  private var classMessage: Message {
    switch kind {
    case .offline: return MessageCatalog.message("request.offline", retryable: true)
    case .timeout: return MessageCatalog.message("request.timeout", retryable: true)
    case .malformed: return MessageCatalog.message("request.malformed", retryable: true)
    case .cancelled: return MessageCatalog.message("request.cancelled", retryable: true)
    case .rejected:
      return MessageCatalog.message(
        "auth.rejected", ["detail": serverMessage ?? "The request was refused."], retryable: false)
    case .http:
      let code = status ?? 0
      let args = ["status": String(code)]
      switch code {
      case 400: return MessageCatalog.message("request.badRequest", args, retryable: true)
      case 401, 403: return MessageCatalog.message("request.unauthorized", args, retryable: true)
      case 404: return MessageCatalog.message("request.notFound", args, retryable: true)
      case 429:
        if let seconds = retryAfterSeconds {
          return MessageCatalog.message("request.rateLimited", ["seconds": String(seconds)], retryable: true)
        }
        return MessageCatalog.message("request.rateLimitedNoDelay", retryable: true)
      case 500...599: return MessageCatalog.message("request.serverError", args, retryable: true)
      default: return MessageCatalog.message("request.http", args, retryable: true)
      }
    }
  }
}
