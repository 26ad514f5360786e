#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A type that can read itself straight off a `JSONTape` in one pass over an object's
/// members, for the values replay decodes by the million (a page load holds 20 photos).
/// `read` returns nil for anything unusual (a missing or repeated key, a wrong type, an
/// escaped key); the Codable path then decodes it and names the problem, so the result is
/// always what `init(from:)` gives (held equal by a test).
public protocol TapeReadable: Sendable {
  static func read(from tape: JSONTape, at index: Int) -> Self?
}

extension TapeReadable {
  /// `read` as a `T` that is `Self`: called through `any TapeReadable.Type`, the cast is then
  /// from the concrete type (the runtime's fast path), not out of an existential box.
  public static func read<T>(from tape: JSONTape, at index: Int, as type: T.Type) -> T? {
    // The caller's `T` is `Self` (asked as `T.self as? any TapeReadable.Type`): the same type
    // reinterprets for free, where a cast costs the runtime about 250 instructions a value.
    guard T.self == Self.self else { return read(from: tape, at: index) as? T }
    return unsafeBitCast(read(from: tape, at: index), to: T?.self)
  }
}

extension JSONTape {
  /// The value tokens `fields` finds, inline (no allocation per object read).
  public typealias Members = InlineArray<16, Int>

  /// The value tokens of the members `names` (at most 16) of the object at `object`, in the
  /// order of `names`, -1 where a member is absent; nil when the value is not an object or a
  /// key is repeated or escaped (cases the Codable path handles). Other members are ignored.
  public func fields(_ names: [StaticString], in object: Int) -> Members? {
    precondition(names.count <= Members.count, "fields reads at most \(Members.count) members")
    guard tokens[object].kind == .object else { return nil }
    var found = Members(repeating: -1)
    var i = object + 1
    for _ in 0..<tokens[object].count {
      let t = tokens[i]
      guard !t.escaped else { return nil }
      let length = Int(t.end - t.start)
      for (n, name) in names.enumerated() where name.utf8CodeUnitCount == length {
        let same = bytes.withUnsafeBufferPointer {
          memcmp($0.baseAddress! + Int(t.start), name.utf8Start, length) == 0
        }
        if same {
          guard found[n] < 0 else { return nil }
          found[n] = i + 1
          break
        }
      }
      i = after(i + 1)
    }
    return found
  }

  /// The string at `i`; nil when absent (-1) or not a string.
  public func string(at i: Int) -> String? { i >= 0 && tokens[i].kind == .string ? text(at: i) : nil }

  /// The boolean at `i`; nil when absent (-1) or not a boolean.
  public func bool(at i: Int) -> Bool? {
    guard i >= 0 else { return nil }
    switch tokens[i].kind {
    case .yes: return true
    case .no: return false
    default: return nil
    }
  }

  /// The integer at `i`; nil when absent (-1) or not an integer of `Int`'s range.
  public func int(at i: Int) -> Int? { i >= 0 ? integer(at: i, as: Int.self) : nil }

  /// The optional string at `i`: `.some(nil)` when absent or null, nil when of another type.
  public func nullableString(at i: Int) -> String?? {
    i < 0 || tokens[i].kind == .null ? .some(nil) : string(at: i).map { .some($0) }
  }

  /// The optional integer at `i`: `.some(nil)` when absent or null, nil when of another type.
  public func nullableInt(at i: Int) -> Int?? {
    i < 0 || tokens[i].kind == .null ? .some(nil) : int(at: i).map { .some($0) }
  }

  /// The array of strings at `i`; nil when absent or not one.
  public func strings(at i: Int) -> [String]? {
    guard i >= 0, tokens[i].kind == .array else { return nil }
    var out: [String] = []
    out.reserveCapacity(Int(tokens[i].count))
    var k = i + 1
    for _ in 0..<tokens[i].count {
      guard let s = string(at: k) else { return nil }
      out.append(s)
      k += 1
    }
    return out
  }
}
