import Foundation

/// Any JSON value, for passing JSON through without a schema (state patches, raw params).
public enum JSONValue: Codable, Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  /// A whole number past ±2^53, where a `Double` would round it (an id of 9007199254740993,
  /// Int.max meaning "to the end"), exact when written as an integer literal. Whole numbers a
  /// `Double` holds exactly (and any past Int64) are always `.number`.
  case integer(Int64)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    if c.decodeNil() {
      self = .null
    } else if let b = try? c.decode(Bool.self) {
      self = .bool(b)
    } else if let i = try? c.decode(Int64.self), !JSONValue.isExactDouble(i) {
      self = .integer(i)
    } else if let n = try? c.decode(Double.self) {
      self = .number(n)
    } else if let s = try? c.decode(String.self) {
      self = .string(s)
    } else if let a = try? c.decode([JSONValue].self) {
      self = .array(a)
    } else {
      self = .object(try c.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    switch self {
    case .null: try c.encodeNil()
    case .bool(let b): try c.encode(b)
    case .number(let n):
      if n == n.rounded(), abs(n) < 9.0e15 { try c.encode(Int64(n)) } else { try c.encode(n) }
    case .integer(let i): try c.encode(i)
    case .string(let s): try c.encode(s)
    case .array(let a): try c.encode(a)
    case .object(let o): try c.encode(o)
    }
  }

  /// Whether `i` survives a trip through `Double` (|i| ≤ 2^53).
  public static func isExactDouble(_ i: Int64) -> Bool { i.magnitude <= 1 << 53 }

  /// A whole number held exactly, from either representation (nil for fractions and for
  /// doubles past Int64).
  public var exactInteger: Int64? {
    switch self {
    case .integer(let i): return i
    case .number(let n): return Int64(exactly: n)
    default: return nil
    }
  }
}
