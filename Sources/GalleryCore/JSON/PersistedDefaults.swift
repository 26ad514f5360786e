import Foundation
import JSON
import Synchronization

/// A persisted value (a part of the state, a model inside it) whose every member has a
/// declared default: the member's initial value in `persistedDefaults`. Decoding through
/// `JSONTapeDecoder` or `JSONValueDecoder` fills a member missing from the JSON with that
/// default, at any depth, so a state written before a member existed still opens. Unknown
/// members are ignored as always.
public protocol PersistedDefaults: Codable {
  /// The value whose members are the defaults of missing ones (usually `Self()`).
  static var persistedDefaults: Self { get }
}

/// Every conforming type's defaults, encoded once and kept for the life of the process:
/// one small entry per type (a few dozen types), so its bound is the number of types.
enum PersistedDefaultsCache {
  private struct Entries {
    var tapes: [ObjectIdentifier: JSONTape?] = [:]
    var objects: [ObjectIdentifier: [String: JSONValue]?] = [:]
  }
  private static let entries = Mutex(Entries())

  /// The defaults of `owner` as a tape whose root (token 0) is their object; nil when
  /// `owner` declares none.
  static func tape(for owner: Any.Type) -> JSONTape? {
    cached(owner, \.tapes) { try? JSONTape(JSONWriter.bytes($0)) }
  }

  /// The defaults of `owner` as members; nil when `owner` declares none.
  static func members(for owner: Any.Type) -> [String: JSONValue]? {
    cached(owner, \.objects) {
      guard case .object(let members) = $0 else { return nil }
      return members
    }
  }

  /// The entry for `owner` in `table`, made from its encoded defaults the first time (outside
  /// the lock: two threads may both make it, and either result is the same).
  private static func cached<T: Sendable>(
    _ owner: Any.Type, _ table: WritableKeyPath<Entries, [ObjectIdentifier: T?]>,
    _ make: (JSONValue) -> T?
  ) -> T? {
    guard let declaring = owner as? any PersistedDefaults.Type else { return nil }
    let id = ObjectIdentifier(owner)
    if let known = entries.withLock({ $0[keyPath: table][id] }) { return known }
    let made = make(encoded(declaring))
    entries.withLock { $0[keyPath: table][id] = .some(made) }
    return made
  }

  private static func encoded<T: PersistedDefaults>(_ type: T.Type) -> JSONValue {
    (try? JSONValueEncoder().encode(T.persistedDefaults)) ?? .object([:])
  }
}
