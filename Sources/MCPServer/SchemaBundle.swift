import JSON
import RPCServer

/// A schema made to stand alone, as an MCP host validates it: every
/// `#/components/schemas/NAME` it refers to (through any depth) is copied into `$defs` and the
/// reference rewritten to `#/$defs/NAME`; a schema that is only a reference becomes that
/// component itself, so a tool's `outputSchema` has `"type": "object"` at its root.
struct SchemaBundle {
  /// The OpenRPC document's components, by name.
  let components: [String: JSONValue]

  static let prefix = "#/components/schemas/"

  /// `schema` with its references resolved into `$defs`.
  func standalone(_ schema: JSONValue) -> JSONValue {
    var root = schema
    if case .object(let members) = schema, members.count == 1, case .string(let ref)? = members["$ref"],
      ref.hasPrefix(Self.prefix), let target = components[String(ref.dropFirst(Self.prefix.count))]
    {
      root = target
    }
    var needed: [String] = []
    var seen: Set<String> = []
    collect(root, into: &needed, seen: &seen)
    var index = 0
    while index < needed.count {
      if let component = components[needed[index]] { collect(component, into: &needed, seen: &seen) }
      index += 1
    }
    var result = rewrite(root)
    if !needed.isEmpty, case .object(var members) = result {
      var defs: [String: JSONValue] = [:]
      for name in needed { if let c = components[name] { defs[name] = rewrite(c) } }
      members["$defs"] = .object(defs)
      result = .object(members)
    }
    return result
  }

  private func collect(_ value: JSONValue, into needed: inout [String], seen: inout Set<String>) {
    switch value {
    case .object(let members):
      if case .string(let ref)? = members["$ref"], ref.hasPrefix(Self.prefix) {
        let name = String(ref.dropFirst(Self.prefix.count))
        if seen.insert(name).inserted { needed.append(name) }
      }
      for (_, member) in members { collect(member, into: &needed, seen: &seen) }
    case .array(let items):
      for item in items { collect(item, into: &needed, seen: &seen) }
    default: break
    }
  }

  private func rewrite(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members):
      var out: [String: JSONValue] = [:]
      for (key, member) in members {
        if key == "$ref", case .string(let ref) = member, ref.hasPrefix(Self.prefix) {
          out[key] = .string("#/$defs/" + ref.dropFirst(Self.prefix.count))
        } else {
          out[key] = rewrite(member)
        }
      }
      return .object(out)
    case .array(let items): return .array(items.map(rewrite))
    default: return value
    }
  }
}
