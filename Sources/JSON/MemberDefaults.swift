import Synchronization

/// A value that declares a default for every member a JSON text may leave out: the member's
/// value in `memberDefaults`. `JSONTapeDecoder` and `JSONValueDecoder` fill a missing member
/// with it, at any depth, so a text written before a member existed still decodes. Which types
/// declare defaults is the reader's policy (the core's `PersistedDefaults`); the filling is here.
public protocol MemberDefaults: Encodable {
  /// The value whose members stand in for missing ones (usually `Self()`).
  static var memberDefaults: Self { get }
}

/// A value `JSONValueEncoder(view: true)` leaves out of its object: a member only its writer
/// needs (the core's `@CoreOnly`), absent from the view readers are given.
public protocol HiddenFromView {}

/// Every declaring type's defaults, encoded once and kept for the life of the process: one
/// small entry per type (a few dozen types), so its bound is the number of types.
enum MemberDefaultsCache {
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
    guard let declaring = owner as? any MemberDefaults.Type else { return nil }
    let id = ObjectIdentifier(owner)
    if let known = entries.withLock({ $0[keyPath: table][id] }) { return known }
    let made = make(encoded(declaring))
    entries.withLock { $0[keyPath: table][id] = .some(made) }
    return made
  }

  private static func encoded<T: MemberDefaults>(_ type: T.Type) -> JSONValue {
    (try? JSONValueEncoder().encode(T.memberDefaults)) ?? .object([:])
  }
}
