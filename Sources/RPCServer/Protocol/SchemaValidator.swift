import GalleryCore

/// A tiny JSON Schema checker for the subset `Schema` builds (type, properties, required,
/// additionalProperties (false or a schema), items, enum, oneOf, $ref, minimum, maximum). Tests use it to prove
/// real states and messages match the published document.
public struct SchemaValidator {
  let components: [String: JSONValue]

  public init(components: [String: JSONValue]) { self.components = components }

  /// The first mismatch, as "path: reason", or nil when `value` conforms.
  public func check(_ value: JSONValue, against schema: JSONValue, at path: String = "") -> String? {
    guard case .object(let s) = schema else { return nil }
    if case .string(let ref)? = s["$ref"] {
      let name = String(ref.split(separator: "/").last ?? "")
      guard let target = components[name] else { return "\(path): unknown $ref \(ref)" }
      return check(value, against: target, at: path)
    }
    if case .array(let options)? = s["oneOf"] {
      var problems: [String] = []
      for option in options {
        guard let problem = check(value, against: option, at: path) else { return nil }
        problems.append(problem)
      }
      // The option that matched furthest says best what is wrong (`/a/b: not in the schema`).
      let deepest = problems.max { $0.split(separator: ":")[0].count < $1.split(separator: ":")[0].count }
      return deepest.map { "\($0) (no oneOf option matches)" } ?? "\(path): matches no oneOf option"
    }
    if case .array(let allowed)? = s["enum"], !allowed.contains(value) {
      return "\(path): \(value) is not one of \(allowed)"
    }
    if case .string(let type)? = s["type"] {
      let ok: Bool
      switch (type, value) {
      case ("string", .string), ("boolean", .bool), ("null", .null), ("array", .array), ("object", .object):
        ok = true
      case ("number", .number), ("number", .integer), ("integer", .integer): ok = true
      case ("integer", .number(let n)): ok = n.rounded() == n
      default: ok = false
      }
      if !ok { return "\(path): expected \(type)" }
    }
    let numeric: Double?
    switch value {
    case .number(let n): numeric = n
    case .integer(let i): numeric = Double(i)
    default: numeric = nil
    }
    if let n = numeric {
      if case .number(let min)? = s["minimum"], n < min { return "\(path): below \(min)" }
      if case .number(let max)? = s["maximum"], n > max { return "\(path): above \(max)" }
    }
    if case .string(let text) = value, case .string(let pattern)? = s["pattern"] {
      guard let regex = try? Regex(pattern) else {
        return "\(path): the schema's pattern \(pattern) is invalid"
      }
      if (try? regex.firstMatch(in: text)) == nil { return "\(path): \"\(text)\" does not match \(pattern)" }
    }
    if case .object(let members) = value {
      if let names = s["propertyNames"] {
        for name in members.keys.sorted() {
          if let problem = check(.string(name), against: names, at: "\(path)/\(name) (its name)") {
            return problem
          }
        }
      }
      let properties: [String: JSONValue]
      if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
      if case .array(let required)? = s["required"] {
        for case .string(let name) in required where members[name] == nil {
          return "\(path)/\(name): missing"
        }
      }
      for (name, member) in members {
        if let sub = properties[name] {
          if let problem = check(member, against: sub, at: "\(path)/\(name)") { return problem }
        } else if s["additionalProperties"] == .bool(false) {
          return "\(path)/\(name): not in the schema"
        } else if case .object? = s["additionalProperties"], let extra = s["additionalProperties"],
          let problem = check(member, against: extra, at: "\(path)/\(name)")
        {
          return problem
        }
      }
    }
    if case .array(let items) = value, let itemSchema = s["items"] {
      for (i, item) in items.enumerated() {
        if let problem = check(item, against: itemSchema, at: "\(path)/\(i)") { return problem }
      }
    }
    return nil
  }
}
