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
  private let lock = NSLock()

  public init(path: String) { self.path = path }

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
    var contents = load()
    change(&contents)
    if contents == Contents() {
      if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
      return
    }
    try AtomicFile.write(Array(try JSONCoding.encode(contents)), to: path, mode: 0o600)
  }

  private func load() -> Contents {
    guard let data = FileManager.default.contents(atPath: path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data)
    else { return Contents() }
    return contents
  }
}
