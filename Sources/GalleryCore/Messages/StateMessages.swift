import Foundation

/// Messages in the state's language: reducers build them here, and a language switch
/// renders every message already in the state again from its code and arguments.
extension AppState {
  /// A message for `code` in the current language.
  func message(_ code: String, _ arguments: [String: String] = [:], retryable: Bool = false) -> Message {
    MessageCatalog.message(code, arguments, retryable: retryable, in: settings.language)
  }

  /// The message for a request failure in the current language.
  func message(for failure: RequestFailure) -> Message {
    failure.message(in: settings.language)
  }

  /// Renders every message of the state again in the current language: the long lists' rows
  /// typed (`LongList`), the rest by walking its JSON (so no message can be missed).
  mutating func rerenderMessages() {
    let language = settings.language
    // The long lists go aside first (the walk would cost ~78,000 instructions a row) and come
    // back with their rows rendered typed: their messages are all in their images.
    let restores = GalleryModules.showingImages.flatMap { $0.longLists }.map { $0.setAside(&self) }
    rerenderMessagesByWalk(in: language)
    for restore in restores { restore(&self, language) }
  }

  /// Renders every message the state's JSON holds in `language`: any object with a code, a
  /// message, `retryable` and arguments (so no message is missed).
  mutating func rerenderMessagesByWalk(in language: Language) {
    guard let document = try? JSONValue(encoding: self) else { return }
    func walk(_ value: JSONValue) -> JSONValue {
      switch value {
      case .array(let items): return .array(items.map(walk))
      case .object(var members):
        if case .string(let code)? = members["code"], members["message"] != nil, members["retryable"] != nil,
          case .object(let rawArgs)? = members["args"]
        {
          var args: [String: String] = [:]
          for (k, v) in rawArgs { if case .string(let s) = v { args[k] = s } }
          members["message"] = .string(MessageCatalog.text(code, args, in: language))
          return .object(members)
        }
        for (k, v) in members { members[k] = walk(v) }
        return .object(members)
      default: return value
      }
    }
    if let rendered = try? walk(document).decode(AppState.self) { self = rendered }
  }
}
