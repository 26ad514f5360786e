import GalleryCore

/// The methods the server answers itself, whatever the features: the lifecycle, observation
/// (the state, the log, subscriptions, time travel) and the test clock; and the notifications
/// it sends.
enum ServerMethods {
  /// In the order the document lists them, before every feature's.
  static let all: [MethodSpec] = [
    // Lifecycle
    MethodSpec(
      "initialize", "Starts the session: server info, protocol version and capabilities. Must come first.",
      params: [
        .init(
          "clientInfo", Schema.anyValue, required: false,
          "who the client is ({name, version}); other LSP fields are accepted and ignored"),
        .init("protocolVersion", Schema.string, required: false, "the protocol version the client speaks"),
        Parameter.initializationOptions.declarations[0],
      ], result: Schema.ref("InitializeResult"), errors: [-32600], route: .builtin(.initialize)),
    MethodSpec(
      "attach/role",
      "On the attach point only, before initialize: what this client may do. `observe` (the default) reads, follows and travels in time, and every action is refused with history.observeOnly; `drive` sends actions too, when the core's owner admits it (serve --admit drive). Without `role`: the most the owner admits.",
      params: Parameter.role.declarations,
      result: Schema.object([
        "role": Schema.enumeration(AttachRole.allCases.map(\.rawValue)),
        "admits": Schema.enumeration(AttachRole.allCases.map(\.rawValue)),
      ]), errors: [-32600], route: .builtin(.attachRole)),
    MethodSpec(
      "initialized", "The client has processed the initialize result.", notification: true,
      route: .lifecycleNotification(.initialized)),
    MethodSpec(
      "shutdown", "Stops accepting requests other than exit; the log is flushed.", errors: [-32002],
      route: .builtin(.shutdown)),
    MethodSpec(
      "exit", "Ends the process: status 0 after shutdown, 1 otherwise.", notification: true,
      route: .lifecycleNotification(.exit)),
    MethodSpec(
      "rpc.discover", "This document (OpenRPC 1.2.6).", result: Schema.anyValue, route: .builtin(.discover)
    ).example(),
    MethodSpec(
      "$/cancelRequest", "Cancels a long request (events/read, history/stateAt); it then answers -32800.",
      notification: true,
      params: [
        .init(
          "id", .object(["type": .array([.string("string"), .string("integer")])]),
          "the id of the request to cancel")
      ], route: .lifecycleNotification(.cancelRequest)),
    // Observation
    .read(
      "state/get", "The state, or the part of it at a JSON Pointer, with its version.", Parameter.pointer,
      errors: [-32602, -32002], result: StateValue.self
    ) { seen, pointer throws(RPCError) in
      StateValue(
        version: Int(seen.version), value: try GalleryServer.value(at: pointer ?? "", in: seen.state))
    }.example(),
    MethodSpec(
      "events/read",
      "Events from the log, oldest first: at most `limit` and about 1 MiB of their data (page on from the last seq received).",
      params:
        Parameter.readFrom.declarations + Parameter.readTo.declarations + Parameter.limit.declarations
        + Parameter.workDoneToken.declarations,
      result: Schema.object([
        "events": Schema.array(Schema.ref("EventRecord")), "lastSeq": Schema.integer(minimum: 0),
      ]),
      errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.readEvents)
    ).example(["from": 1, "limit": 100]),
    MethodSpec(
      "events/subscribe",
      "Starts events/appended notifications for every event after `from` - 1 (catch-up, then live).",
      params:
        Parameter.subscribeFrom.declarations,
      result: Schema.object(["lastSeq": Schema.integer(minimum: 0)]), errors: [-32602, -32002],
      route: .builtin(.subscribe)
    ).example(after: [.call("events/unsubscribe")]),
    MethodSpec(
      "events/unsubscribe", "Stops events/appended notifications, a catch-up under way included.",
      result: Schema.null, errors: [-32002],
      route: .builtin(.unsubscribe)
    ).example(before: [.call("events/subscribe")]),
    MethodSpec(
      "history/stateAt",
      "The state as it was right after event `seq` (time travel), replayed from the nearest snapshot; a seq before the log's retained history (its log.base) is refused with -32602.",
      params:
        Parameter.seq.declarations + Parameter.pointerThen.declarations
        + Parameter.workDoneToken.declarations,
      result: Schema.object(["seq": Schema.integer(minimum: 0), "value": Schema.anyValue]),
      errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.stateAt)
    ).example(
      ["seq": .answer("/lastSeq"), "pointer": "/login/email"], before: [.call("events/subscribe")],
      after: [.call("events/unsubscribe")]),
    MethodSpec(
      "history/changes",
      "The events that set a part of the state: those in `from`...`to` after which the value at `pointer` differs from before (its appearing and going included), oldest first. Replayed from the nearest kept state, cancellable; by default over the last 100,000 events.",
      params:
        Parameter.changesPointer.declarations + Parameter.changesFrom.declarations
        + Parameter.changesTo.declarations + Parameter.limit.declarations
        + Parameter.workDoneToken.declarations,
      result: Schema.object([
        "pointer": Schema.string, "from": Schema.integer(minimum: 0), "to": Schema.integer(minimum: 0),
        "changes": Schema.array(
          Schema.object(["seq": Schema.integer(minimum: 1), "time": Schema.string, "type": Schema.string])),
      ]),
      errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.changes)
    ).example(["pointer": "/login/email/value"]),
    MethodSpec(
      "effects/settle",
      "Answers once the work in flight has settled, or after `timeoutMs`: an action's outcome without polling. `settled` says which; every state/changed up to `version` came before this answer (under the test clock, timers wait for the clock).",
      params: Parameter.timeoutMs.declarations,
      result: Schema.object(["settled": Schema.boolean, "version": Schema.integer(minimum: 0)]),
      errors: [-32602, -32002], route: .builtin(.settleEffects)
    ).example(),
    // The test clock (`serve --test-clock` only)
    MethodSpec(
      "test/advanceClock",
      "Waits for the work in flight to settle, then moves the test clock on; timers due within the advance fire in order, and it answers once they and the work they started have settled. Only with `serve --test-clock` (-32601 otherwise).",
      params:
        Parameter.milliseconds.declarations,
      result: Schema.object([
        "time": Schema.string, "version": Schema.integer(minimum: 0), "settled": Schema.boolean,
      ]),
      errors: [-32601, -32602, -32002], route: .builtin(.advanceClock), tag: "test"),
    MethodSpec(
      "test/settle",
      "Answers once no effect is in flight but timers waiting on the test clock (each provider answer recorded). Only with `serve --test-clock` (-32601 otherwise).",
      result: Schema.object([
        "time": Schema.string, "version": Schema.integer(minimum: 0), "settled": Schema.boolean,
      ]),
      errors: [-32601, -32002], route: .builtin(.settle), tag: "test"),
  ]

  /// The parameters the server's own methods read, each declared once with its reader.
  enum Parameter {
    static let initializationOptions = MethodParam<JSONValue?>.raw(
      "initializationOptions", InitializationOptions.schema,
      "the app's shape: `signIn` (`required`: start at the sign-in screen; `none`: start on the home screen and load it without a session) and `home` (the screen a start or a sign-in lands on); defaults `required`, `feed`"
    )
    static let role = MethodParam<String?>.optionalChoice(
      "role", AttachRole.allCases.map(\.rawValue), "observe or drive (default: the most the owner admits)")
    static let pointer = MethodParam<String?>.optionalString(
      "pointer", "RFC 6901 pointer into the state, e.g. /login/email")
    static let readFrom = MethodParam<Int?>.optionalInt("from", in: 1...Int.max, "first seq (default 1)")
    static let readTo = MethodParam<Int?>.optionalInt("to", in: 1...Int.max, "last seq (default: the end)")
    static let limit = MethodParam<Int?>.limit
    static let workDoneToken = MethodParam<JSONValue?>.workDoneToken
    static let subscribeFrom = MethodParam<Int?>.optionalInt(
      "from", in: 1...Int.max, "first seq to deliver (default: the next new event)")
    static let seq = MethodParam<Int>.int("seq", in: 0...Int.max, "0 is the initial state")
    static let pointerThen = MethodParam<String?>.optionalString(
      "pointer", "RFC 6901 pointer into that state")
    static let changesPointer = MethodParam<String>.string(
      "pointer", "RFC 6901 pointer into the state, as state/get takes it")
    static let changesFrom = MethodParam<Int?>.optionalInt(
      "from", in: 1...Int.max, "first seq to look at (default: 100,000 before `to`)")
    static let changesTo = MethodParam<Int?>.optionalInt(
      "to", in: 1...Int.max, "last seq to look at (default: the last)")
    static let timeoutMs = MethodParam<Int?>.optionalInt(
      "timeoutMs", in: 0...10_000, "the most milliseconds to wait (default and at most 10,000)")
    static let milliseconds = MethodParam<Int>.int(
      "milliseconds", in: 0...31_536_000_000, "how far to move the clock (at most a year)")
  }

  /// `state/get`'s answer: the version the value is at, and the value.
  struct StateValue: Codable, Sendable, SchemaRefined {
    var version: Int
    var value: JSONValue
    static let schemaRefinements = ["version": Schema.atLeast(0)]
  }

  /// Notifications the server sends.
  static let notifications: [(name: String, summary: String, params: JSONValue)] = [
    (
      "state/changed", "After every change: the new version and the RFC 6902 patch from the previous one.",
      Schema.ref("StateChanged")
    ),
    (
      "events/appended", "After events/subscribe: each batch of new events.",
      Schema.object(["events": Schema.array(Schema.ref("EventRecord"))])
    ),
    (
      "events/dropped",
      "The subscription ended because the client left more than 4 MiB unread and read nothing for 5 s: no more events/appended until events/subscribe is called again, from resumeFrom to miss nothing.",
      Schema.object(["resumeFrom": Schema.integer(minimum: 1), "reason": Schema.string])
    ),
    (
      "attach/ended",
      "To a client on the attach point, last: its session ends, and why (the core's owner stopped; it left more than the outbox bound unread; the attach point is full). The connection closes after it.",
      Schema.object(["reason": Schema.string])
    ),
    ("$/progress", "Progress of a long request that was given a workDoneToken.", Schema.ref("Progress")),
  ]
}
