import GalleryCore

/// How a feature declares an action method: its parameters, its result and the action the
/// parameters build. Every feature's contract (`Features/`) declares its methods with these.
extension MethodSpec {
  /// The errors every action method may answer.
  static let actionErrors = [-32602, -32010, -32011, -32002]

  /// An action method; `build` reads the parameters into the action.
  static func action(
    _ name: String, _ summary: String, params: [Param] = [],
    result: JSONValue = Schema.ref("ActionResult"),
    answer: (@Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue])? = nil,
    progress: WorkProgress? = nil,
    _ build: @escaping @Sendable (Params) throws(RPCError) -> Action
  ) -> MethodSpec {
    action(
      name, summary, params: params, result: result, answer: answer, progress: progress,
      context: { p, _ throws(RPCError) in try build(p) })
  }

  /// An action whose parameters are read with the server's context (its data directory).
  static func action(
    _ name: String, _ summary: String, params: [Param] = [],
    result: JSONValue = Schema.ref("ActionResult"),
    answer: (@Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue])? = nil,
    progress: WorkProgress? = nil,
    context build: @escaping @Sendable (Params, MethodContext) throws(RPCError) -> Action
  ) -> MethodSpec {
    MethodSpec(
      name, summary, params: params, result: result, errors: actionErrors,
      route: .action(build, answer: answer, progress: progress))
  }
}

extension MethodSpec.Param {
  /// A text field's new value.
  static let value = MethodSpec.Param("value", Schema.string, "what the field now holds, exactly as typed")
  /// A password field's new value.
  static let secretValue = MethodSpec.Param(
    "value", Schema.string, "the password; kept in memory only, never logged (events carry its length)")
  /// The optional token a long request reports `$/progress` with.
  static let workDoneToken = MethodSpec.Param(
    "workDoneToken", Schema.anyValue, required: false, "if given, $/progress reports with this token")
  /// How many items a listing answers at most.
  static let limit = MethodSpec.Param(
    "limit", Schema.integer(minimum: 1, maximum: 10000), required: false, "at most this many (default 1000)")
}
