import JSON
import RPCServer

/// The resources of `gallery-rpc mcp`: the view as JSON (`gallery://state`), any part of it
/// by pointer (`gallery://state/login/email` is the pointer `/login/email`), and the last
/// events of the log (`gallery://events/recent`).
public enum MCPResource: Equatable, Sendable {
  case state(pointer: String)
  case recentEvents

  public static let stateURI = "gallery://state"
  public static let recentEventsURI = "gallery://events/recent"
  /// The template for a part of the state (RFC 6570 reserved expansion: the pointer's `/`s
  /// stay as they are).
  public static let stateTemplate = "gallery://state/{+pointer}"
  /// How many events `gallery://events/recent` holds.
  public static let recentCount = 50

  /// The resource a URI names; nil for one the face does not serve.
  public init?(uri: String) {
    if uri == Self.recentEventsURI {
      self = .recentEvents
    } else if uri == Self.stateURI {
      self = .state(pointer: "")
    } else if uri.hasPrefix(Self.stateURI + "/"), uri.utf8.count <= 4096,
      let decoded = Self.percentDecoded(String(uri.dropFirst(Self.stateURI.count)))
    {
      self = .state(pointer: decoded)
    } else {
      return nil
    }
  }

  /// Whether a change at `path` (a patch operation's pointer) may change this resource.
  func isTouched(byPatchAt path: String) -> Bool {
    switch self {
    case .recentEvents: return true
    case .state(let pointer):
      return pointer.isEmpty || path == pointer || path.hasPrefix(pointer + "/")
        || pointer.hasPrefix(path + "/")
        || path.isEmpty
    }
  }

  /// The resources `resources/list` names.
  static var listed: JSONValue {
    .array([
      .object([
        "uri": .string(stateURI), "name": .string("state"), "mimeType": .string("application/json"),
        "description": .string(
          "The app's view state as JSON, as state/get answers it (secrets are never in it)."),
      ]),
      .object([
        "uri": .string(recentEventsURI), "name": .string("recent events"),
        "mimeType": .string("application/json"),
        "description": .string(
          "The last \(recentCount) events of the log, oldest first, as events/read answers them."),
      ]),
    ])
  }

  /// The templates `resources/templates/list` names.
  static var templates: JSONValue {
    .array([
      .object([
        "uriTemplate": .string(stateTemplate), "name": .string("state at a pointer"),
        "mimeType": .string("application/json"),
        "description": .string(
          "The part of the state at a JSON Pointer: gallery://state/login/email is /login/email (percent-encode what a URI cannot hold)."
        ),
      ])
    ])
  }

  /// `%XX` sequences decoded; nil for a malformed one or bytes that are not UTF-8.
  static func percentDecoded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.popFirst().flatMap(hexValue), let low = iterator.popFirst().flatMap(hexValue)
      else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
