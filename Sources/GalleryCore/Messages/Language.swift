/// The languages every message exists in.
public enum Language: String, Codable, Sendable, CaseIterable {
  case en, es

  /// The language of a POSIX locale environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`):
  /// Spanish for `es…`, English otherwise.
  public static func fromLocale(_ environment: [String: String]) -> Language {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      return value.lowercased().hasPrefix("es") ? .es : .en
    }
    return .en
  }
}
