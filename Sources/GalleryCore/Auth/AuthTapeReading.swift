/// Replay's fast path for the keystroke events (see `TapeReadable`): a sign-in or a
/// registration records one per character typed.
extension AuthEvents.FieldEdited: TapeReadable {
  private static let tapeFields: [StaticString] = ["form", "field", "value"]

  public static func read(from tape: JSONTape, at object: Int) -> Self? {
    guard let f = tape.fields(tapeFields, in: object),
      let form = tape.string(at: f[0]).flatMap(AuthForm.init(rawValue:)),
      let field = tape.string(at: f[1]).flatMap(AuthTextField.init(rawValue:)),
      let value = tape.string(at: f[2])
    else { return nil }
    return Self(form: form, field: field, value: value)
  }
}

/// A password keystroke: only its length is recorded.
extension AuthEvents.PasswordEdited: TapeReadable {
  private static let tapeFields: [StaticString] = ["form", "length"]

  public static func read(from tape: JSONTape, at object: Int) -> Self? {
    guard let f = tape.fields(tapeFields, in: object),
      let form = tape.string(at: f[0]).flatMap(AuthForm.init(rawValue:)), let length = tape.int(at: f[1])
    else { return nil }
    return Self(form: form, length: length)
  }
}
