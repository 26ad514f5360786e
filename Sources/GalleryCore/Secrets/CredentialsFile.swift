import EventStore
import Foundation
import Synchronization

/// The owner-only (0600) file that holds tokens, written atomically. Nothing secret goes
/// anywhere else on disk.
public final class CredentialsFile: Sendable {
  /// The stored tokens, by section (`signIn`, `account`): each feature that keeps tokens
  /// declares its section in its folder (`CredentialSection`, listed by its module's
  /// `credentialSections`) and reads and writes it through a member of its own
  /// (`contents.signIn`). A section that no longer decodes makes the file damaged (kept
  /// aside and reported, as before), never silently empty.
  public struct Contents: Codable, Equatable, Sendable {
    private var sections: [String: JSONValue] = [:]

    public init() {}

    public init(from decoder: any Decoder) throws {
      sections = try [String: JSONValue](from: decoder)
      for section in CredentialSections.declared where sections[section.name] != nil {
        _ = try section.secrets(in: self)
      }
    }

    public func encode(to encoder: any Encoder) throws { try sections.encode(to: encoder) }

    /// The section `Section`, if the file holds it.
    public func section<Section: CredentialSection>(_ type: Section.Type) -> Section? {
      try? sections[Section.name]?.decode(Section.self)
    }

    /// Whether the file has a member for `Section` (decodable or not).
    func holds<Section: CredentialSection>(_ type: Section.Type) -> Bool { sections[Section.name] != nil }

    /// Replaces the section `Section` (nil removes it).
    public mutating func setSection<Section: CredentialSection>(_ value: Section?) {
      sections[Section.name] = value.flatMap { try? JSONValue(encoding: $0) }
    }
  }

  public let path: String
  private let file: KeptFile<Contents>
  private let report: @Sendable (String) -> Void
  /// The tokens the file held when last read or written (kept so redaction needs no read).
  /// Its lock also makes each read and read-change-write of the small file whole: it is
  /// held across that file's I/O (a few hundred bytes), and nothing else waits on it.
  private let knownTokens = Mutex<[String]?>(nil)

  /// `report` hears, at `error`, of a damaged file (kept aside, then read as empty) or one
  /// that cannot be read (then never written over: `update` fails).
  public init(path: String, report: @escaping @Sendable (String) -> Void = { _ in }) {
    self.path = path
    self.file = KeptFile(path: path, holdsSecrets: true)
    self.report = report
  }

  /// Every token the file holds: what must never be recorded or shown.
  public var secrets: [String] {
    knownTokens.withLock { knownTokens in
      if let knownTokens { return knownTokens }
      let tokens = Self.tokens(load())
      knownTokens = tokens
      return tokens
    }
  }

  /// The secrets of every section the contents hold (a section added later is covered
  /// by saying which of its values are secret).
  private static func tokens(_ c: Contents) -> [String] {
    CredentialSections.declared.flatMap { (try? $0.secrets(in: c)) ?? [] }
  }

  /// What the file holds (empty if there is no file or it cannot be read).
  public func read() -> Contents {
    knownTokens.withLock { _ in load() }
  }

  /// Changes the contents and writes them back atomically with mode 0600; an empty result removes the file.
  public func update(_ change: (inout Contents) -> Void) throws {
    try knownTokens.withLock { knownTokens throws in
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

/// A section of the credentials file, declared by the feature that keeps it: its name in the
/// file and which of its values are secrets (never recorded, published or logged).
public protocol CredentialSection: Codable, Equatable, Sendable {
  /// Its member in the file.
  static var name: String { get }
  var secrets: [String] { get }
}

extension CredentialSection {
  /// The secrets this section holds in `contents` (none if absent); throws if it is there but
  /// does not decode.
  static func secrets(in contents: CredentialsFile.Contents) throws -> [String] {
    guard let section = contents.section(Self.self) else {
      if contents.holds(Self.self) { throw CredentialsDamaged(section: name) }
      return []
    }
    return section.secrets
  }
}

/// Every feature's sections (`KeepsFiles.credentialSections`).
enum CredentialSections {
  static let declared: [any CredentialSection.Type] = GalleryModules.keepingFiles.flatMap {
    $0.credentialSections
  }
}

/// A section of the credentials file is there but does not decode.
struct CredentialsDamaged: Error, CustomStringConvertible {
  let section: String
  var description: String { "its \(section) section does not decode" }
}
