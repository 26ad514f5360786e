/// A form's part of a patch: each input, then the fields every form has, one by one (a
/// keystroke patches the one input it changed).
extension AuthFormState: StatePatchable {
  static func patch(
    _ a: AuthFormState, _ b: AuthFormState, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    try StatePatch.value(path + "/email", a.email, b.email, &ops)
    try StatePatch.value(path + "/password", a.password, b.password, &ops)
    if let old = a.age, let new = b.age { try StatePatch.value(path + "/age", old, new, &ops) }
    try StatePatch.value(path + "/submitAttempted", a.submitAttempted, b.submitAttempted, &ops)
    try StatePatch.value(path + "/canSubmit", a.canSubmit, b.canSubmit, &ops)
    try StatePatch.value(path + "/isSubmitting", a.isSubmitting, b.isSubmitting, &ops)
    try StatePatch.value(
      path + "/error", Nullable(wrappedValue: a.error), Nullable(wrappedValue: b.error), &ops)
  }
}
