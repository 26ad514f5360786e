import GalleryCore
import JSON

/// One method of the protocol as a value: its name, its params and the type of its result.
/// `Requests` (generated from openrpc.json) holds one per method.
public protocol GalleryRequest: Sendable {
  associatedtype Result: Decodable & Sendable
  /// The method's name on the wire (`auth/setEmail`).
  static var method: String { get }
  /// The params object, by name.
  var params: [String: JSONValue] { get }
  /// The message codes its rejection (-32010) can carry (none for a method that is no action).
  static var rejections: [MessageCode] { get }
}

extension GalleryRequest {
  public static var rejections: [MessageCode] { [] }
}

/// A value a request carries as a parameter.
public protocol JSONParameter: Sendable {
  var json: JSONValue { get }
}

extension String: JSONParameter { public var json: JSONValue { .string(self) } }
extension Int: JSONParameter { public var json: JSONValue { .number(Double(self)) } }
extension Double: JSONParameter { public var json: JSONValue { .number(self) } }
extension Bool: JSONParameter { public var json: JSONValue { .bool(self) } }
extension JSONValue: JSONParameter { public var json: JSONValue { self } }
extension Array: JSONParameter where Element: JSONParameter {
  public var json: JSONValue { .array(map(\.json)) }
}

/// What an action answers: the state version it reached and the events it recorded.
public struct ActionResult: Decodable, Equatable, Sendable {
  /// The state's version after the action (the mirror shows it when `send` returns).
  public var version: Int
  /// The events recorded, with their log seq.
  public var events: [Recorded]

  /// One recorded event.
  public struct Recorded: Decodable, Equatable, Sendable {
    public var seq: Int
    public var type: String
  }
}

extension JSONValue {
  /// The string this value holds, if it is one.
  var text: String? {
    if case .string(let s) = self { return s }
    return nil
  }
}

/// The result of a method that answers `null` (`shutdown`, `events/unsubscribe`).
public struct NoResult: Decodable, Equatable, Sendable {
  public init() {}
  public init(from decoder: any Decoder) throws {}
}
