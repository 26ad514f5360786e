/// The sign-in and registration forms' parts of a patch: each input, then the fields every
/// form has, one by one (a keystroke patches the one input it changed).
extension LoginForm: StatePatchable {
  static func patch(_ a: LoginForm, _ b: LoginForm, at path: String, _ ops: inout [JSONPatch.Operation])
    throws
  {
    guard a != b else { return }
    try StatePatch.value(path + "/email", a.email, b.email, &ops)
    try StatePatch.value(path + "/password", a.password, b.password, &ops)
    try formFields(
      path, (a.submitAttempted, a.canSubmit, a.isSubmitting, a.error),
      (b.submitAttempted, b.canSubmit, b.isSubmitting, b.error), &ops)
  }
}

extension RegistrationForm: StatePatchable {
  static func patch(
    _ a: RegistrationForm, _ b: RegistrationForm, at path: String, _ ops: inout [JSONPatch.Operation]
  )
    throws
  {
    guard a != b else { return }
    try StatePatch.value(path + "/email", a.email, b.email, &ops)
    try StatePatch.value(path + "/password", a.password, b.password, &ops)
    try StatePatch.value(path + "/age", a.age, b.age, &ops)
    try formFields(
      path, (a.submitAttempted, a.canSubmit, a.isSubmitting, a.error),
      (b.submitAttempted, b.canSubmit, b.isSubmitting, b.error), &ops)
  }
}

/// The fields every form has besides its inputs.
private func formFields(
  _ path: String, _ a: (Bool, Bool, Bool, Message?), _ b: (Bool, Bool, Bool, Message?),
  _ ops: inout [JSONPatch.Operation]
) throws {
  try StatePatch.value(path + "/submitAttempted", a.0, b.0, &ops)
  try StatePatch.value(path + "/canSubmit", a.1, b.1, &ops)
  try StatePatch.value(path + "/isSubmitting", a.2, b.2, &ops)
  try StatePatch.value(path + "/error", Nullable(wrappedValue: a.3), Nullable(wrappedValue: b.3), &ops)
}
