import JSON

/// A request's params as they came. A message read by its envelope keeps their text (the
/// message's bytes and where the params stand in them, checked as `JSONParser.parse` checks
/// a text): `Params` reads the members a method asks for straight from it, with no tree made
/// of the rest. A batch's member, parsed whole, keeps its value.
///
/// Owner: the request it came in (it shares the message's bytes, no copy); bound: the
/// message's, `--max-message-bytes`.
public struct RPCParams: Equatable, Sendable {
  enum Form: Sendable {
    case text([UInt8], Range<Int>)
    case value(JSONValue)
  }

  let form: Form

  /// Params already parsed.
  public init(_ value: JSONValue) { form = .value(value) }

  /// The params at `range` of `bytes`, which the caller checked as `JSONParser.parse` would.
  public init(text bytes: [UInt8], _ range: Range<Int>) { form = .text(bytes, range) }

  /// The params as one JSON value (parsed now when they came as text).
  public var value: JSONValue {
    switch form {
    case .value(let value): return value
    case .text(let bytes, let range):
      // Checked when it was read, so it parses; `null` stands for a text that somehow did not.
      return (try? JSONParser.parse(Array(bytes[range]))) ?? .null
    }
  }

  /// What kind of value they are, read off the first byte of a text (no parse).
  var kind: Kind {
    switch form {
    case .value(.object): return .object
    case .value(.array): return .array
    case .value(.null): return .null
    case .value: return .other
    case .text(let bytes, let range):
      switch range.isEmpty ? 0 : bytes[range.lowerBound] {
      case UInt8(ascii: "{"): return .object
      case UInt8(ascii: "["): return .array
      case UInt8(ascii: "n"): return .null
      default: return .other
      }
    }
  }

  enum Kind { case object, array, null, other }

  /// Equal when they say the same, whichever way each came.
  public static func == (a: RPCParams, b: RPCParams) -> Bool { a.value == b.value }
}
