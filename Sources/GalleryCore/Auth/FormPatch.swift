/// A form's part of a patch: each input, then the fields every form has, one by one (a
/// keystroke patches the one input it changed).
extension AuthFormState: StatePatchable {
  static func patch(
    _ a: AuthFormState, _ b: AuthFormState, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    // Called only for two forms that do not share storage (`StatePart`). Each field's members
    // are compared one by one inside; its path is made only for one that changed.
    try TextFieldState.patch(a.email, b.email, at: { StatePatch.path(path, "email") }, &ops)
    try SecretFieldState.patch(a.password, b.password, at: { StatePatch.path(path, "password") }, &ops)
    if let old = a.age, let new = b.age {
      try TextFieldState.patch(old, new, at: { StatePatch.path(path, "age") }, &ops)
    }
    try StatePatch.value(StatePatch.path(path, "submitAttempted"), a.submitAttempted, b.submitAttempted, &ops)
    try StatePatch.value(StatePatch.path(path, "canSubmit"), a.canSubmit, b.canSubmit, &ops)
    try StatePatch.value(StatePatch.path(path, "isSubmitting"), a.isSubmitting, b.isSubmitting, &ops)
    try StatePatch.nullable(StatePatch.path(path, "error"), a.error, b.error, &ops)
  }
}

/// A keystroke's part of a patch, member by member: only what changed is encoded, instead of
/// both whole fields for a diff (which was the largest part of a keystroke's patch). The
/// operations come in the order a whole-field diff gives them (its members sorted).
extension ValidatedField where Self: Equatable {
  /// `edited`, `error`, `isValid`, then the field's own `input` member.
  /// Each member compared once; `path` is asked for only when one changed.
  fileprivate static func patch<Input: Encodable & Equatable>(
    _ a: Self, _ b: Self, at path: () -> String, input: (name: StaticString, before: Input, after: Input),
    _ ops: inout [JSONPatch.Operation]
  ) throws {
    try StatePatch.value(StatePatch.path(path(), "edited"), a.edited, b.edited, &ops)
    try StatePatch.nullable(StatePatch.path(path(), "error"), a.error, b.error, &ops)
    try StatePatch.value(StatePatch.path(path(), "isValid"), a.isValid, b.isValid, &ops)
    try StatePatch.value(StatePatch.path(path(), input.name), input.before, input.after, &ops)
  }
}

extension TextFieldState {
  /// A text field's part of a patch (its `value` last).
  static func patch(_ a: Self, _ b: Self, at path: () -> String, _ ops: inout [JSONPatch.Operation]) throws {
    try patch(a, b, at: path, input: ("value", a.value, b.value), &ops)
  }
}

extension SecretFieldState {
  /// A password field's part of a patch (its `length` last).
  static func patch(_ a: Self, _ b: Self, at path: () -> String, _ ops: inout [JSONPatch.Operation]) throws {
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
