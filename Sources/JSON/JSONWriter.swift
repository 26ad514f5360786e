import Foundation

/// Writes `JSONValue` as compact JSON with sorted object keys, so equal values give equal bytes.
public enum JSONWriter {
  /// The bytes of `value`.
  public static func bytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, to: &out)
    return out
  }

  /// Appends the bytes of `value` to `out`.
  public static func write(_ value: JSONValue, to out: inout [UInt8]) {
    switch value {
    case .null: out += [0x6E, 0x75, 0x6C, 0x6C]
    case .bool(let b): out += b ? Array("true".utf8) : Array("false".utf8)
    case .number(let n): writeNumber(n, to: &out)
    case .integer(let i): out += Array(String(i).utf8)
    case .string(let s): writeString(s, to: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(item, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, key) in members.keys.sorted().enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        write(members[key]!, to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Integral values in the exactly representable range print without a fraction.
  public static func writeNumber(_ n: Double, to out: inout [UInt8]) {
    if n.rounded() == n, abs(n) < 9_007_199_254_740_992 {
      out += Array(String(Int64(n)).utf8)
    } else if n.isFinite {
      out += Array("\(n)".utf8)
    } else {
      out += Array("null".utf8)
    }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// A JSON string literal: escapes quotes, backslashes and control characters only.
  public static func writeString(_ s: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for b in s.utf8 {
      switch b {
      case UInt8(ascii: "\""): out += [0x5C, 0x22]
      case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, UInt8(ascii: "n")]
      case 0x0D: out += [0x5C, UInt8(ascii: "r")]
      case 0x09: out += [0x5C, UInt8(ascii: "t")]
      case 0..<0x20: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

extension JSONValue {
  /// The member `key` of an object, or nil.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }
}
