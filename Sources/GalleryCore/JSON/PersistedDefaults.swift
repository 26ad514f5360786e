import Foundation
import JSON

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
  private final class Entries: @unchecked Sendable {
    let lock = NSLock()
    var tapes: [ObjectIdentifier: JSONTape?] = [:]
    var objects: [ObjectIdentifier: [String: JSONValue]?] = [:]
  }
  private static let entries = Entries()

  /// The defaults of `owner` as a tape whose root (token 0) is their object; nil when
  /// `owner` declares none.
  static func tape(for owner: Any.Type) -> JSONTape? {
    guard let declaring = owner as? any PersistedDefaults.Type else { return nil }
    let id = ObjectIdentifier(owner)
    entries.lock.lock()
    if let known = entries.tapes[id] {
      entries.lock.unlock()
      return known
    }
    entries.lock.unlock()
    let tape = try? JSONTape(JSONWriter.bytes(encoded(declaring)))
    entries.lock.lock()
    entries.tapes[id] = tape
    entries.lock.unlock()
    return tape
  }

  /// The defaults of `owner` as members; nil when `owner` declares none.
  static func members(for owner: Any.Type) -> [String: JSONValue]? {
    guard let declaring = owner as? any PersistedDefaults.Type else { return nil }
    let id = ObjectIdentifier(owner)
    entries.lock.lock()
    if let known = entries.objects[id] {
      entries.lock.unlock()
      return known
    }
    entries.lock.unlock()
    var members: [String: JSONValue]?
    if case .object(let m) = encoded(declaring) { members = m }
    entries.lock.lock()
    entries.objects[id] = members
    entries.lock.unlock()
    return members
  }

  private static func encoded<T: PersistedDefaults>(_ type: T.Type) -> JSONValue {
    (try? JSONValueEncoder().encode(T.persistedDefaults)) ?? .object([:])
  }
}
