import EventStore
import Foundation

/// The owner-only (0600) file that holds tokens, written atomically. Nothing secret goes
/// anywhere else on disk.
public final class CredentialsFile: @unchecked Sendable {
  /// The stored tokens, by service.
  public struct Contents: Codable, Equatable, Sendable {
    public struct SignIn: Codable, Equatable, Sendable {
      public var email: String
      public var token: String
    }
    /// The account (Imgur) session: the tokens and when the access token expires.
    public struct Account: Codable, Equatable, Sendable {
      public var provider: String
      public var accessToken: String
      public var refreshToken: String
      /// Seconds since the epoch.
      public var expiresAt: Int64
    }
    public var signIn: SignIn?
    public var account: Account?
    public init() {}
  }

  public let path: String
  private let file: KeptFile<Contents>
  private let report: @Sendable (String) -> Void
  private let lock = NSLock()
  /// The tokens the file held when last read or written (kept so redaction needs no read).
  private var knownTokens: [String]?

  /// `report` hears, at `error`, of a damaged file (kept aside, then read as empty) or one
  /// that cannot be read (then never written over: `update` fails).
  public init(path: String, report: @escaping @Sendable (String) -> Void = { _ in }) {
    self.path = path
    self.file = KeptFile(path: path, holdsSecrets: true)
    self.report = report
  }

  /// Every token the file holds: what must never be recorded or shown.
  public var secrets: [String] {
    lock.lock()
    defer { lock.unlock() }
    if let knownTokens { return knownTokens }
    let tokens = Self.tokens(load())
    knownTokens = tokens
    return tokens
  }

  /// The secrets of every section the contents hold (a section added later is covered
  /// by saying which of its values are secret).
  private static func tokens(_ c: Contents) -> [String] {
    Mirror(reflecting: c).children.flatMap { ($0.value as? any CredentialSection)?.secrets ?? [] }
  }

  /// What the file holds (empty if there is no file or it cannot be read).
  public func read() -> Contents {
    lock.lock()
    defer { lock.unlock() }
    return load()
  }

  /// Changes the contents and writes them back atomically with mode 0600; an empty result removes the file.
  public func update(_ change: (inout Contents) -> Void) throws {
    lock.lock()
    defer { lock.unlock() }
    if case .unreadable(let why) = file.load(now: EventLogOptions.systemClock(), report: report) {
      throw CredentialsUnreadable(path: path, reason: why)
    }
    var contents = load()
    change(&contents)
    // Tokens replaced by newer ones stay known (a provider may still echo one), the last 16.
    var known = (knownTokens ?? Self.tokens(load()))
    for token in Self.tokens(contents) where !known.contains(token) { known.append(token) }
    knownTokens = Array(known.suffix(16))
    if contents == Contents() {
      if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
      return
    }
    try file.save(contents)
  }

  /// What the file holds: empty when there is none, or when it was damaged (then it is
  /// kept aside and reported first) or cannot be read.
  private func load() -> Contents {
    if case .contents(let contents) = file.load(now: EventLogOptions.systemClock(), report: report) {
      return contents
    }
    return Contents()
  }
}

/// The credentials file is there but cannot be read: writing would lose the tokens it holds.
public struct CredentialsUnreadable: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String {
    "cannot read \(path) (\(reason)); it is left as it is and no token was written over it"
  }
}

/// A section of the credentials file: which of its values are secrets (never recorded,
/// published or logged).
protocol CredentialSection {
  var secrets: [String] { get }
}

extension CredentialsFile.Contents.SignIn: CredentialSection {
  var secrets: [String] { [token] }
}

extension CredentialsFile.Contents.Account: CredentialSection {
  var secrets: [String] { [accessToken, refreshToken] }
}
