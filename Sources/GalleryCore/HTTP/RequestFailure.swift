/// Why a request to a provider did not produce a result, as a domain value that events carry
/// (so replay shows the same error without the network).
// JSON shape: generated
public struct RequestFailure: Codable, Equatable, Sendable, Error {
  public enum Kind: String, Codable, Sendable, CaseIterable {
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
    /// An answer over the size the core accepts (`limitBytes`); reading stopped there.
    case tooLarge
    /// No request was made: the app lacks a setting it needs (`setting` names it).
    case misconfigured
    /// Nothing to load: the provider has nothing there (an album with no photos).
    case empty
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
  /// For `tooLarge`: the limit that was passed, in bytes.
  public var limitBytes: Int?
  /// A message code that says it better than the kind (`auth.wrongCredentials`,
  /// `image.tooLarge`); the server's words stay in `serverMessage`. Such a failure is final:
  /// retrying the same request would fail the same way.
  public var reason: String?
  /// For `misconfigured`: the environment variable to set, e.g. `PIXABAY_API_KEY`.
  public var setting: String?
  /// For `offline`: when the core observed it (ISO 8601 UTC), stamped as the result is recorded.
  public var observedAt: String?
  /// For a 429: the narrower budget the request spent, when it was not the provider's whole
  /// one (`posts`: Imgur's uploads an hour, which gate uploads only); nil otherwise (absent
  /// in logs written before it: nil).
  public var spentBudget: String?

  public init(
    kind: Kind, status: Int? = nil, serverMessage: String? = nil, retryAfterSeconds: Int? = nil,
    detail: String? = nil, limitBytes: Int? = nil, reason: String? = nil, setting: String? = nil
  ) {
    self.reason = reason
    self.setting = setting
    self.kind = kind
    self.status = status
    self.serverMessage = serverMessage
    self.retryAfterSeconds = retryAfterSeconds
    self.detail = detail
    self.limitBytes = limitBytes
  }

  /// The message to show for this failure, in English.
  public var message: Message { message(in: .en) }

  /// The message to show for this failure: one per status class, as the PixaBay seed's
  /// ResponseMapper did, with the server's own words when it gave some (the Image App seed
  /// wished its errors were clearer). Retryable unless retrying cannot help: a rejection, a
  /// missing setting, nothing there, or a failure the core named (`reason`).
  public func message(in language: Language) -> Message {
    var (code, args) = codeAndArguments
    if let reason {
      code = reason
      if let said = serverMessage { args["detail"] = String(said.prefix(200)) }
    } else if kind == .http, let said = serverMessage?.trimmingCharacters(in: .whitespacesAndNewlines),
      !said.isEmpty
    {
      args["serverSaid"] = String(said.prefix(200))
    }
    let final =
      reason != nil || kind == .rejected || kind == .misconfigured || kind == .empty
      || (TestAlteration.active == .retryability && isDeclaredOffline)
    return MessageCatalog.message(code, args, retryable: !final, in: language)
  }

  private var codeAndArguments: (String, [String: String]) {
    switch kind {
    // Declared offline, the device is; a server that cannot be reached while the device is
    // online is that service, not the device.
    case .offline: return (isDeclaredOffline ? "request.offline" : "request.unreachable", [:])
    case .timeout: return ("request.timeout", [:])
    case .malformed: return ("request.malformed", [:])
    case .cancelled: return ("request.cancelled", [:])
    case .tooLarge: return ("request.tooLarge", ["limit": Self.megabytes(limitBytes ?? 0)])
    case .rejected:
      // The server's own words, quoted by the text; with none, our own text in each language.
      guard let said = serverMessage else { return ("request.rejected", [:]) }
      return ("auth.rejected", ["detail": said])
    case .empty: return ("request.empty", [:])
    case .misconfigured: return ("config.missingKey", ["variable": setting ?? "?"])
    case .http:
      // A 2xx whose body says it failed has no HTTP status to show.
      guard let code = status else { return ("request.unsuccessful", [:]) }
      let args = ["status": String(code)]
      switch code {
      case 400: return ("request.badRequest", args)
      case 401, 403: return ("request.unauthorized", args)
      case 404: return ("request.notFound", args)
      case 429:
        if let seconds = retryAfterSeconds { return ("request.rateLimited", ["seconds": String(seconds)]) }
        return ("request.rateLimitedNoDelay", [:])
      case 500...599: return ("request.serverError", args)
      default: return ("request.http", args)
      }
    }
  }

  /// A size as people read it: "20 MB", "2.5 MB", "64 KB". A size set in decimal megabytes
  /// (the cache's setting: 5 MB is 5,000,000 bytes) reads as it was set.
  static func megabytes(_ bytes: Int) -> String {
    if bytes >= 1_000_000, bytes % 1_000_000 == 0 { return "\(bytes / 1_000_000) MB" }
    if bytes < 1 << 20 { return "\(Int((Double(bytes) / 1024).rounded())) KB" }
    let mb = Double(bytes) / 1_048_576
    return mb < 10 && mb != mb.rounded() ? String(format: "%.1f MB", mb) : "\(Int(mb.rounded())) MB"
  }
}
