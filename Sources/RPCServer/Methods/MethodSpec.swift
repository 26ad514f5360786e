import EventStore
import GalleryCore

/// One method of the protocol: its documentation (for the OpenRPC document) and how it is served.
public struct MethodSpec: Sendable {
  /// How the server serves a method.
  public enum Route: Sendable {
    /// Lifecycle and observation methods the server answers itself.
    case builtin(Builtin)
    /// Becomes an action for the store: the closure reads the declared parameters into the
    /// action and what its answer adds; `progress`: with a `workDoneToken`, `$/progress`
    /// follows the work the action started (uploads).
    case action(@Sendable (Params, MethodContext) throws(RPCError) -> PreparedAction, progress: WorkProgress?)
    /// A query: answered from the state the client has seen, recording nothing
    /// (`MethodSpec.read`).
    case read(@Sendable (Params, PublishedState) throws(RPCError) -> JSONValue)
    /// A method whose feature is not built yet: answered with -32001.
    case notAvailable(feature: String)
    /// A notification the lifecycle needs (`initialized`, `exit`, `$/cancelRequest`).
    case lifecycleNotification(LifecycleNotification)
  }

  /// The methods the server answers itself, each with the way it is run.
  public enum Builtin: Sendable {
    case initialize, shutdown, discover, subscribe, unsubscribe
    /// An attached client chooses its role, before `initialize`.
    case attachRole
    /// Long reads: run beside the others, cancellable, with progress.
    case readEvents, stateAt, changes
    /// Waits (bounded) for the work in flight to settle, beside the others.
    case settleEffects
    /// The test clock (`serve --test-clock` only): move time, wait for effects to settle.
    case advanceClock, settle

    /// Whether it runs beside other requests (cancellable with `$/cancelRequest`).
    public var isLong: Bool {
      self == .readEvents || self == .stateAt || self == .changes || self == .settleEffects
    }

    /// Whether it exists only when the server runs on a test clock.
    public var needsTestClock: Bool { self == .advanceClock || self == .settle }
  }

  /// The notifications of the lifecycle.
  public enum LifecycleNotification: Sendable {
    case initialized, exit, cancelRequest
  }

  /// A named parameter.
  public struct Param: Sendable {
    public var name: String
    public var schema: JSONValue
    public var required: Bool
    public var summary: String
    /// Parameters of one group are alternatives: exactly one of them is given (`account/upload`
    /// takes `path` or `data`).
    public var group: String?

    public init(
      _ name: String, _ schema: JSONValue, required: Bool = true, group: String? = nil, _ summary: String
    ) {
      self.name = name
      self.schema = schema
      self.required = required
      self.group = group
      self.summary = summary
    }
  }

  public var name: String
  public var summary: String
  public var isNotification: Bool
  public var params: [Param] { didSet { paramNames = params.map(\.name) } }
  /// The parameter names this method accepts (kept with `params`: every request asks).
  public private(set) var paramNames: [String]
  /// Its result's schema, made when something reads it (the OpenRPC document, a test): made
  /// at start-up for every method, the schemas cost a frontend's every start for nothing.
  public var result: JSONValue { resultSchema() }
  private let resultSchema: @Sendable () -> JSONValue
  public var errors: [Int]
  public var route: Route
  /// The OpenRPC tags that group it: its feature's name (`Favorites`), or `test` for the
  /// test clock's methods.
  public var tags: [String]
  /// The message codes its -32010 can carry, as its feature's contract declares them.
  public var rejectionCodes: [String] = []
  /// It removes something the user had (an image, a favorite, a session): declared by its
  /// contract with `.destructive()`, so hosts can ask before calling it.
  public private(set) var isDestructive = false
  /// When only some parameters make it destructive (a settings change that switches the
  /// account's provider signs the user out), those; empty: every call is.
  public private(set) var destructiveParams: [String] = []
  /// Calling it twice with the same parameters leaves the state as once: declared with
  /// `.idempotent()` (setting a field to a value); every read is.
  public private(set) var declaredIdempotent = false
  /// How it is called for real (its contract's `.example(...)`): what the cost table counts.
  /// Nil for the lifecycle and the test clock, which the table does not count. Made when
  /// read, as `result` is: every process builds the catalog, and only the table reads these.
  public var example: MethodExample? { exampleMaker?() }
  var exampleMaker: (@Sendable () -> MethodExample)?

  public init(
    _ name: String, _ summary: String, notification: Bool = false, params: [Param] = [],
    result: @autoclosure @escaping @Sendable () -> JSONValue = Schema.null,
    errors: [Int] = [], route: Route, tag: String? = nil
  ) {
    self.name = name
    self.summary = summary
    self.isNotification = notification
    self.params = params
    self.paramNames = params.map(\.name)
    self.resultSchema = result
    self.errors = errors
    self.route = route
    self.tags = tag.map { [$0] } ?? []
  }

  /// This method, declared as removing what the user had (see `isDestructive`).
  public func destructive() -> MethodSpec {
    var copy = self
    copy.isDestructive = true
    return copy
  }

  /// This method, declared as removing what the user had when a call names any of `params`
  /// (see `destructiveParams`); other calls are not.
  public func destructive(whenGiven params: [String]) -> MethodSpec {
    var copy = destructive()
    copy.destructiveParams = params
    return copy
  }

  /// Whether a call with these parameter names removes what the user had.
  public func isDestructive(given names: some Sequence<String>) -> Bool {
    guard isDestructive else { return false }
    return destructiveParams.isEmpty || names.contains { destructiveParams.contains($0) }
  }

  /// This method, declared as idempotent (see `declaredIdempotent`).
  public func idempotent() -> MethodSpec {
    var copy = self
    copy.declaredIdempotent = true
    return copy
  }

  /// Whether it only reads: a query, or a long read of the log (nothing is recorded).
  public var isReadOnly: Bool {
    switch route {
    case .read: return true
    case .builtin(let builtin): return builtin.isLong
    default: return false
    }
  }

  /// Whether calling it again with the same parameters changes nothing more.
  public var isIdempotent: Bool { isReadOnly || declaredIdempotent }

  /// `initialize` takes LSP clients' extra members; every other method refuses unknown names.
  public var acceptsUnknownParams: Bool {
    if case .builtin(.initialize) = route { return true }
    return false
  }

  /// Whether it exists only with `serve --test-clock`.
  public var needsTestClock: Bool {
    if case .builtin(let builtin) = route { return builtin.needsTestClock }
    return false
  }

  /// The message codes a -32010 of this method can carry (empty for a method that is no
  /// action): its declared ones, `history.readOnly`, which any action gets from a read-only
  /// server (`serve --inspect`), and `history.observeOnly`, which any action gets from an
  /// attached client that only observes, and for a destructive method
  /// `history.consentNeeded` (an attached client, without the owner's `--consent destructive`).
  public var refusals: [String] {
    guard case .action = route else { return [] }
    return rejectionCodes + ["history.readOnly", "history.observeOnly"]
      + (isDestructive ? ["history.consentNeeded"] : [])
  }

  /// Whether it may be sent before `initialize`.
  public var startsSession: Bool {
    switch route {
    case .builtin(.initialize), .builtin(.attachRole): return true
    default: return false
    }
  }

  /// Every error code it can answer with, as the document lists them: those it declares,
  /// those any request can get (-32600 after `shutdown`, or a second `initialize`; -32602
  /// for a wrong or unknown parameter, or `initialize`'s bad options; -32002 before
  /// `initialize`), and an action's -32010 (refused) and -32011 (not recorded).
  public var possibleErrors: [Int] {
    guard !isNotification else { return [] }
    var codes = Set(errors).union([-32600, -32602])
    if !startsSession { codes.insert(-32002) }
    if case .action = route { codes.formUnion([-32010, -32011]) }
    return codes.sorted { abs($0) < abs($1) }
  }
}
