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

  /// Renders every message of the state again in the current language. It walks the state's
  /// JSON (so no message can be missed), which is fine for a language switch: it is rare.
  mutating func rerenderMessages() {
    guard let document = try? JSONValue(encoding: self) else { return }
    let language = settings.language
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
