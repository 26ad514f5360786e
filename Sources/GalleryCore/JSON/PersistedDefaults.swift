/// A persisted value (a part of the state, a model inside it) whose every member has a
/// declared default: the member's initial value in `persistedDefaults`. Decoding through
/// `JSONTapeDecoder` or `JSONValueDecoder` fills a member missing from the JSON with that
/// default, at any depth, so a state written before a member existed still opens. Unknown
/// members are ignored as always.
public protocol PersistedDefaults: Codable, MemberDefaults {
  /// The value whose members are the defaults of missing ones (usually `Self()`).
  static var persistedDefaults: Self { get }
}

extension PersistedDefaults {
  /// The JSON coders' name for the same defaults.
  public static var memberDefaults: Self { persistedDefaults }
}
