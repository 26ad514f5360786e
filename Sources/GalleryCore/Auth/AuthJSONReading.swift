/// Replay's fast paths for the keystroke events (see `JSONReadable`): a sign-in or a
/// registration records one per character typed.
extension AuthEvents.FieldEdited: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var form: AuthForm?
    var field: AuthTextField?
    var value: String?
    // The writer's order (sorted), each expected where it stands.
    let written: [StaticString] = ["field", "form", "value"]
    var next = 0
    try r.enterObject()
    while let name = try next < written.count ? r.nextMember(expecting: written[next]) : r.nextMember() {
      next += 1
      switch name {
      case "field": try r.value(into: &field)
      case "form": try r.value(into: &form)
      case "value": try r.string(into: &value)
      default: try r.skip()
      }
    }
    guard let form, let field, let value else { throw JSONReader.Unusual() }
    return Self(form: form, field: field, value: value)
  }
}

/// A password keystroke: only its length is recorded.
extension AuthEvents.PasswordEdited: JSONReadable {
  public static func read(from r: inout JSONReader) throws(JSONReader.Unusual) -> Self {
    var form: AuthForm?
    var length: Int?
    try r.enterObject()
    while let name = try r.nextMember() {
      switch name {
      case "form": try r.value(into: &form)
      case "length": try r.int(into: &length)
      default: try r.skip()
      }
    }
    guard let form, let length else { throw JSONReader.Unusual() }
    return Self(form: form, length: length)
  }
}
