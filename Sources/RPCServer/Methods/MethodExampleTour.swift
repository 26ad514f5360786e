import GalleryCore

/// Every method's example, run in turn against a live core over any connection: the cost
/// table's driver (`gallery-bench counted --table`) and the test that every example does its
/// work rather than being refused. It brings the session to where each example starts (signed
/// in, the feed shown with its pages, the albums loaded, the demo account's images, some
/// favorites), then for each method makes its `before` calls, the method, and its `after`
/// calls, each answered and its effects settled before the next.
public struct MethodExampleTour {
  /// What a call is to the tour, so a counter can tell the counted call from the rest.
  public enum Role: Sendable, Equatable {
    /// Preparing the session, or a `before` or `after` call, or reading the state for a value.
    case setup
    /// The method's own call.
    case counted
    /// `effects/settle` after a call; `afterCounted`: after the method's own.
    case settle(afterCounted: Bool)
  }

  /// Sends one request and returns its whole response (`result` or `error`).
  public typealias Send = (_ method: String, _ params: JSONValue, _ role: Role) -> JSONValue

  /// How big the session is made before the examples run.
  public struct Size: Sendable {
    /// Photos in the feed, loaded page by page.
    public var photos: Int
    /// Photos kept as favorites (the list holds at most 1,000, and one example adds one).
    public var keptPhotos: Int
    /// Events typed into the sign-in form before signing in (a long log for the history reads).
    public var typedEvents: Int

    public init(photos: Int, keptPhotos: Int, typedEvents: Int) {
      self.photos = photos
      self.keptPhotos = keptPhotos
      self.typedEvents = typedEvents
    }
  }

  /// The methods with an example, in the order they are counted: the catalog's, those that
  /// replace what the others count on last.
  public static var methods: [MethodSpec] {
    let all = MethodCatalog.all.filter { $0.example != nil }
    return all.filter { $0.example?.countedLast == false } + all.filter { $0.example?.countedLast == true }
  }

  let send: Send

  public init(send: @escaping Send) { self.send = send }

  /// Brings a session just initialized (sign-in required, the default) to where every example
  /// starts, with each contract's setup (`PreparesExamples`) in the contracts' order; the
  /// problems met on the way (a call answered with an error), if any.
  public func prepare(_ size: Size) -> [String] {
    var problems: [String] = []
    for contract in FeatureContracts.all {
      guard let preparing = contract as? any PreparesExamples.Type else { continue }
      var answer = JSONValue.null
      for step in preparing.exampleSetup(size) { answer = call(step, after: answer, &problems) }
    }
    return problems
  }

  /// Runs `spec`'s example: its `before` calls, the method, its `after` calls. Returns the
  /// method's response and the problems met around it (a setup call answered with an error).
  public func run(_ spec: MethodSpec) -> (response: JSONValue, problems: [String]) {
    guard let example = spec.example else { return (.null, ["\(spec.name) has no example"]) }
    var problems: [String] = []
    var answer = JSONValue.null
    for step in example.before { answer = call(step, after: answer, &problems) }
    let params = resolve(example.params, after: answer, &problems)
    let response = send(spec.name, params, .counted)
    if !spec.isNotification { _ = send("effects/settle", .object([:]), .settle(afterCounted: true)) }
    answer = response["result"] ?? .null
    for step in example.after { answer = call(step, after: answer, &problems) }
    return (response, problems)
  }

  /// Makes one setup call (its effects settled unless it says not to, again until the state
  /// has its `until` value); its result.
  private func call(_ step: MethodExample.Call, after answer: JSONValue = .null, _ problems: inout [String])
    -> JSONValue
  {
    if let until = step.until {
      var once = step
      once.until = nil
      var result = JSONValue.null
      while !has(until) {
        result = call(once, after: answer, &problems)
        // Nothing recorded (an action answers the events it recorded): it will not get there.
        if result["events"] == .array([]) || result["events"] == nil {
          problems.append("\(step.method) stopped before \(until)")
          break
        }
      }
      return result
    }
    let response = send(step.method, resolve(step.params, after: answer, &problems), .setup)
    if let error = response["error"] { problems.append("\(step.method): \(Self.describe(error))") }
    if step.settles { _ = send("effects/settle", .object([:]), .settle(afterCounted: false)) }
    return response["result"] ?? .null
  }

  /// The parameters with every value found: a pointer into the state read with `state/get`,
  /// one into `answer` read from it.
  private func resolve(
    _ params: [String: MethodExample.Value], after answer: JSONValue, _ problems: inout [String]
  )
    -> JSONValue
  {
    var resolved: [String: JSONValue] = [:]
    for (name, value) in params {
      switch value {
      case .literal(let literal): resolved[name] = literal
      case .state(let pointer): resolved[name] = state(pointer, &problems)
      case .states(let pointers): resolved[name] = .array(pointers.map { state($0, &problems) })
      case .answer(let pointer):
        do { resolved[name] = try JSONPointer.resolve(pointer, in: answer) } catch {
          problems.append("\(name): nothing at \(pointer) of the answer before")
        }
      }
    }
    return .object(resolved)
  }

  /// The value at `pointer` of the state (null, with a problem noted, when there is none).
  private func state(_ pointer: String, _ problems: inout [String]) -> JSONValue {
    let response = send("state/get", .object(["pointer": .string(pointer)]), .setup)
    guard let value = response["result"]?["value"] else {
      problems.append("nothing at \(pointer) of the state")
      return .null
    }
    return value
  }

  /// Whether the state has a value at `pointer`.
  private func has(_ pointer: String) -> Bool {
    send("state/get", .object(["pointer": .string(pointer)]), .setup)["result"] != nil
  }

  /// An error's code and message, or its data's message code for a refusal.
  public static func describe(_ error: JSONValue) -> String {
    if case .string(let code)? = error["data"]?["code"] { return code }
    if case .string(let message)? = error["message"] { return message }
    return "\(error)"
  }
}
