import Foundation
import XCTest

@testable import GalleryCore

/// The texts a fast reader is held to the Codable way on, made from one value's JSON.
enum JSONVariants {
  /// Every variant of `base` this test tries: each member removed, null, of every other
  /// kind, repeated (the last counts), under an escaped name; an unknown member added.
  ///
  /// `nested`: the same for each object one member holds (itself, or an array's first
  /// element), with the rest of `base` as it is, so a nested reader is held to it too.
  static func of(_ base: JSONValue, nested: Bool = false) -> [String] {
    guard case .object(let members) = base else { return [] }
    let text = { (v: JSONValue) in String(decoding: JSONWriter.bytes(v), as: UTF8.self) }
    let others: [JSONValue] = [
      .null, .bool(true), .number(1), .number(1.5), .number(-7), .string("s"), .array([]),
      .array([.string("t")]),
      .object([:]),
    ]
    // Nesting near the tape's bound of 256, in a member nobody reads: refused at 256 only.
    let deep = { (n: Int) in String(repeating: "[", count: n) + String(repeating: "]", count: n) }
    var out = [
      text(base), #"{"unknown":[1,{"a":null}],"# + text(base).dropFirst(),
      " \n\t" + text(base) + " \r\n", text(base) + "x", text(base) + "{}", String(text(base).dropLast()),
      #"{"deep":"# + deep(254) + "," + text(base).dropFirst(),
      #"{"deep":"# + deep(255) + "," + text(base).dropFirst(),
      #"{"deep":"# + deep(300) + "," + text(base).dropFirst(),
    ]
    for (name, value) in members {
      var without = members
      without[name] = nil
      out.append(text(.object(without)))
      for other in others {
        var changed = members
        changed[name] = other
        out.append(text(.object(changed)))
        // Repeated: the last of the two counts, as in JSONParser.
        out.append("{\(text(.string(name))):\(text(other)),\(text(.object(members)).dropFirst())")
        out.append("{\(text(.object(members)).dropFirst().dropLast()),\(text(.string(name))):\(text(other))}")
      }
      // An escaped key names the same member.
      let escaped = "\"\\u00" + String(name.utf8.first!, radix: 16) + name.dropFirst() + "\""
      out.append(
        text(.object(without)).dropLast() + (without.isEmpty ? "" : ",") + escaped + ":" + text(value) + "}")
    }
    guard nested else { return out }
    for (name, value) in members.sorted(by: { $0.key < $1.key }) {
      // The nested object's variants, each put where the object stood.
      let inner: [String]
      var around = members
      switch value {
      case .object:
        inner = of(value)
        around[name] = .string("\u{1}")
      case .array(let elements):
        guard let first = elements.first, case .object = first else { continue }
        inner = of(first)
        around[name] = .array([.string("\u{1}")] + elements.dropFirst())
      default: continue
      }
      let hole = #""\u0001""#
      XCTAssert(text(.object(around)).contains(hole), "the writer escapes U+0001 as \(hole)")
      out += inner.map { text(.object(around)).replacingOccurrences(of: hole, with: $0) }
    }
    return out
  }
}
