import Foundation

/// RFC 6901 JSON Pointers: `/login/email/value`, `~0` for `~` and `~1` for `/`.
public enum JSONPointer {
  /// Why a pointer could not be followed.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    public var pointer: String
    public var reason: String
    public var description: String { "JSON pointer \(String(reflecting: pointer)): \(reason)" }
  }

  /// The reference tokens of `pointer` (empty for the whole document).
  public static func tokens(_ pointer: String) throws(Failure) -> [String] {
    if pointer.isEmpty { return [] }
    guard pointer.hasPrefix("/") else {
      throw Failure(pointer: pointer, reason: "must be empty or start with '/'")
    }
    var tokens: [String] = []
    for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      // RFC 6901: `~` only as `~0` or `~1`.
      var token = ""
      var escape = false
      for c in raw {
        if escape {
          guard c == "0" || c == "1" else {
            throw Failure(pointer: pointer, reason: "'~' must be followed by 0 or 1 (found ~\(c))")
          }
          token.append(c == "0" ? "~" : "/")
          escape = false
        } else if c == "~" {
          escape = true
        } else {
          token.append(c)
        }
      }
      guard !escape else { throw Failure(pointer: pointer, reason: "'~' must be followed by 0 or 1") }
      tokens.append(token)
    }
    return tokens
  }

  /// Escapes one reference token.
  public static func escape(_ token: String) -> String {
    guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
      return token
    }
    return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  /// The value `pointer` refers to in `document`.
  public static func resolve(_ pointer: String, in document: JSONValue) throws(Failure) -> JSONValue {
    var current = document
    var walked = ""
    for token in try tokens(pointer) {
      walked += "/" + escape(token)
      switch current {
      case .object(let members):
        guard let next = members[token] else {
          throw Failure(pointer: pointer, reason: "no member at \(walked)")
        }
        current = next
      case .array(let items):
        guard let index = Int(token), index >= 0, index < items.count, String(index) == token else {
          throw Failure(pointer: pointer, reason: "no array element at \(walked)")
        }
        current = items[index]
      default:
        throw Failure(
          pointer: pointer, reason: "\(walked) goes inside a value that is neither object nor array")
      }
    }
    return current
  }
}
