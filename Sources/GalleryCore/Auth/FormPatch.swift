/// A form's part of a patch: each input, then the fields every form has, one by one (a
/// keystroke patches the one input it changed).
extension AuthFormState: StatePatchable {
  static func patch(
    _ a: AuthFormState, _ b: AuthFormState, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    try TextFieldState.patch(a.email, b.email, at: path + "/email", &ops)
    try SecretFieldState.patch(a.password, b.password, at: path + "/password", &ops)
    if let old = a.age, let new = b.age { try TextFieldState.patch(old, new, at: path + "/age", &ops) }
    try StatePatch.value(path + "/submitAttempted", a.submitAttempted, b.submitAttempted, &ops)
    try StatePatch.value(path + "/canSubmit", a.canSubmit, b.canSubmit, &ops)
    try StatePatch.value(path + "/isSubmitting", a.isSubmitting, b.isSubmitting, &ops)
    try StatePatch.value(
      path + "/error", Nullable(wrappedValue: a.error), Nullable(wrappedValue: b.error), &ops)
  }
}

/// A keystroke's part of a patch, member by member: only what changed is encoded, instead of
/// both whole fields for a diff (which was the largest part of a keystroke's patch). The
/// operations come in the order a whole-field diff gives them (its members sorted).
extension ValidatedField where Self: Equatable {
  /// `edited`, `error`, `isValid`, then the field's own `input` member.
  fileprivate static func patch<Input: Encodable & Equatable>(
    _ a: Self, _ b: Self, at path: String, input: (name: String, before: Input, after: Input),
    _ ops: inout [JSONPatch.Operation]
  ) throws {
    guard a != b else { return }
    try StatePatch.value(path + "/edited", a.edited, b.edited, &ops)
    try StatePatch.value(
      path + "/error", Nullable(wrappedValue: a.error), Nullable(wrappedValue: b.error), &ops)
    try StatePatch.value(path + "/isValid", a.isValid, b.isValid, &ops)
    try StatePatch.value(path + "/" + input.name, input.before, input.after, &ops)
  }
}

extension TextFieldState {
  /// A text field's part of a patch (its `value` last).
  static func patch(_ a: Self, _ b: Self, at path: String, _ ops: inout [JSONPatch.Operation]) throws {
    try patch(a, b, at: path, input: ("value", a.value, b.value), &ops)
  }
}

extension SecretFieldState {
  /// A password field's part of a patch (its `length` last).
  static func patch(_ a: Self, _ b: Self, at path: String, _ ops: inout [JSONPatch.Operation]) throws {
    try patch(a, b, at: path, input: ("length", a.length, b.length), &ops)
  }
}

extension AuthFeature {
  /// The two forms (patched input by input) and `/session`.
  static let stateParts: [StatePart] = [
    .part("login") { $0.$login },
    .part("registration") { $0.$registration },
    .value("session") { $0.$session },
  ]
}
