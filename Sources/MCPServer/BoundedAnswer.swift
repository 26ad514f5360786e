import JSON
import RPCServer

/// What a tool call or a resource read sends, bounded in bytes: a value larger than the bound
/// is cut at pointers, each cut member replaced by a stub naming its pointer and size (read it
/// by that pointer: `gallery://state/…` or `state.get`), so an assistant never gets more than
/// `limit` bytes of JSON and always learns what it did not get. An array keeps its first
/// items; the pointer of the first one left out is named.
struct BoundedAnswer {
  /// The bound on one answer's JSON: 1 MiB (stubs and the envelope add a little).
  static let limit = 1 << 20

  /// The value as sent, and the pointers of what was left out.
  var value: JSONValue
  var cuts: [String]

  /// `value` (found at `pointer`), cut to fit within `limit` bytes.
  init(_ value: JSONValue, at pointer: String, limit: Int = BoundedAnswer.limit) {
    var cuts: [String] = []
    self.value = Self.fit(value, at: pointer, budget: limit, cuts: &cuts)
    self.cuts = cuts
  }

  /// `value` within `budget` bytes: an object keeps its small members and goes into its
  /// largest one where the rest leaves room, else stubs it; an array keeps its first items.
  static func fit(_ value: JSONValue, at pointer: String, budget: Int, cuts: inout [String]) -> JSONValue {
    let size = JSONWriter.bytes(value).count
    guard size > budget else { return value }
    switch value {
    case .object(var members):
      var sizes = members.map { (key: $0.key, size: JSONWriter.bytes($0.value).count) }
      sizes.sort { $0.size != $1.size ? $0.size > $1.size : $0.key < $1.key }
      var total = size
      for member in sizes where total > budget {
        let path = pointer + "/" + escaped(member.key)
        let rest = total - member.size
        let room = budget - rest
        let inner = members[member.key]!
        var replacement = stub(path, bytes: member.size)
        // Only what is larger than its stub is cut: a small member stays as it is.
        if member.size <= JSONWriter.bytes(replacement).count { continue }
        var descended = false
        switch inner {
        case .object, .array:
          if room >= 512 {
            replacement = fit(inner, at: path, budget: room, cuts: &cuts)
            descended = true
          }
        default: break
        }
        if !descended { cuts.append(path) }
        members[member.key] = replacement
        total = rest + JSONWriter.bytes(replacement).count
      }
      return .object(members)
    case .array(let items):
      var kept: [JSONValue] = []
      var total = 2
      for item in items {
        let itemSize = JSONWriter.bytes(item).count + 1
        if total + itemSize > budget { break }
        kept.append(item)
        total += itemSize
      }
      cuts.append(pointer + "/" + String(kept.count))
      return .array(kept)
    default:
      cuts.append(pointer)
      return stub(pointer, bytes: size)
    }
  }

  /// What stands in for a member left out.
  static func stub(_ pointer: String, bytes: Int) -> JSONValue {
    .object([
      "cut": .string(
        "left out: \(bytes) bytes, past the \(limit)-byte bound of one answer; read it by its pointer"),
      "pointer": .string(pointer),
    ])
  }

  /// A note for the reader when something was cut (nil when nothing was).
  var note: String? {
    guard !cuts.isEmpty else { return nil }
    let listed = cuts.prefix(20).joined(separator: ", ")
    return
      "This answer is cut to \(Self.limit) bytes. Left out, by pointer (an array's from the item named on): \(listed)\(cuts.count > 20 ? " and \(cuts.count - 20) more" : ""). Read a part by a narrower pointer."
  }

  /// A pointer token: `~` as `~0`, `/` as `~1` (RFC 6901).
  static func escaped(_ key: String) -> String {
    key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }
}
