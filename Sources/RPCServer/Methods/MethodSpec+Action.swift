import GalleryCore

/// How a feature declares an action method: its parameters (each declared once, with its
/// typed reader: `MethodParam`), what it may refuse, and the action the parameters' values
/// build. Every feature's contract (`Features/`) declares its methods with these.
extension MethodSpec {
  /// The errors every action method may answer.
  static let actionErrors = [-32602, -32010, -32011, -32002]

  /// An action method answering `ActionResult`; `build` gets the declared parameters' values.
  static func action<each V: Sendable>(
    _ name: String, _ summary: String, _ params: repeat MethodParam<each V>, refuses: [String] = [],
    progress: WorkProgress? = nil,
    _ build: @escaping @Sendable (repeat each V) throws(RPCError) -> Action
  ) -> MethodSpec {
    action(name, summary, repeat each params, refuses: refuses, progress: progress) {
      (_: MethodContext, values: repeat each V) throws(RPCError) in try build(repeat each values)
    }
  }

  /// An action method whose parameters are read with the server's context (its data
  /// directory, the random source, the current state).
  static func action<each V: Sendable>(
    _ name: String, _ summary: String, _ params: repeat MethodParam<each V>, refuses: [String] = [],
    progress: WorkProgress? = nil,
    context build: @escaping @Sendable (MethodContext, repeat each V) throws(RPCError) -> Action
  ) -> MethodSpec {
    action(name, summary, repeat each params, refuses: refuses, answering: NoAnswer.self, progress: progress)
    {
      (context: MethodContext, values: repeat each V) throws(RPCError) in
      ActionCall(try build(context, repeat each values))
    }
  }

  /// An action method whose answer adds members to `ActionResult`: `Answer`'s, whose schema
  /// is derived from its type, as the state's is.
  static func action<each V: Sendable, Answer: Codable & Sendable>(
    _ name: String, _ summary: String, _ params: repeat MethodParam<each V>, refuses: [String] = [],
    answering: Answer.Type, progress: WorkProgress? = nil,
    _ build: @escaping @Sendable (MethodContext, repeat each V) throws(RPCError) -> ActionCall<Answer>
  ) -> MethodSpec {
    var declared: [Param] = []
    for param in repeat each params { declared += param.declarations }
    if progress != nil { declared += MethodParam<JSONValue?>.workDoneToken.declarations }
    let token: MethodParam<JSONValue?>? = progress == nil ? nil : .workDoneToken
    let prepare: @Sendable (Params, MethodContext) throws(RPCError) -> PreparedAction = {
      p, context throws(RPCError) in
      let call = try build(context, repeat try (each params).read(p))
      var workDoneToken: JSONValue? = nil
      if let token { workDoneToken = try p[token] }
      return PreparedAction(
        action: call.action, workDoneToken: workDoneToken, answer: ActionAnswer.members(of: call))
    }
    var spec = MethodSpec(
      name, summary, params: declared, result: ActionAnswer.resultSchema(answering: Answer.self),
      errors: actionErrors, route: .action(prepare, progress: progress))
    spec.rejectionCodes = refuses
    return spec
  }
}

/// What an action method's parameters build: the action, and what its answer adds to
/// `version` and `events` once the action is recorded (from its events and the state after).
public struct ActionCall<Answer: Codable & Sendable>: Sendable {
  public var action: Action
  public var answer: (@Sendable (Store.Outcome, AppState) -> Answer?)?

  public init(_ action: Action, answer: (@Sendable (Store.Outcome, AppState) -> Answer?)? = nil) {
    self.action = action
    self.answer = answer
  }
}

/// An action method with nothing to add to `ActionResult`.
public struct NoAnswer: Codable, Sendable {}

/// An action ready to send: what the server records, then answers.
public struct PreparedAction: Sendable {
  let action: Action
  /// The `workDoneToken` given, for a method that reports `$/progress`.
  let workDoneToken: JSONValue?
  /// The members the answer adds, once the action is recorded.
  let answer: (@Sendable (Store.Outcome, AppState) -> [String: JSONValue])?
}

/// How an answer type becomes members of the result and their schema.
enum ActionAnswer {
  /// `ActionResult`, with `Answer`'s members beside `version` and `events` (derived from its
  /// declaration by `SchemaRecorder`; `NoAnswer` keeps the shared component).
  static func resultSchema<Answer: Codable>(answering: Answer.Type) -> JSONValue {
    guard Answer.self != NoAnswer.self else { return Schema.ref("ActionResult") }
    guard case .object(let answer) = InlineSchema.of(Answer.self),
      case .object(var result) = ComponentSchemas.actionResult,
      case .object(let own)? = answer["properties"], case .object(var properties)? = result["properties"],
      case .array(let ownRequired)? = answer["required"], case .array(let required)? = result["required"]
    else { preconditionFailure("\(Answer.self): an answer and ActionResult are objects") }
    properties.merge(own) { _, answer in answer }
    result["properties"] = .object(properties)
    let names = (required + ownRequired).compactMap { name -> String? in
      guard case .string(let name) = name else { return nil }
      return name
    }
    result["required"] = .array(names.sorted().map { .string($0) })
    return .object(result)
  }

  /// What `call`'s answer adds, as members of the result (none when it answers nil).
  static func members<Answer>(of call: ActionCall<Answer>) -> (
    @Sendable (Store.Outcome, AppState) -> [String: JSONValue]
  )? {
    guard let answer = call.answer else { return nil }
    return { outcome, state in
      guard let value = answer(outcome, state),
        case .object(let members)? = try? JSONValueEncoder().encode(value)
      else { return [:] }
      return members
    }
  }
}
