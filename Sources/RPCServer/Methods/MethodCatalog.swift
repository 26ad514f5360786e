import EventStore
import GalleryCore

/// Every method of the public contract (names fixed by the product), documented and routed. The
/// OpenRPC document `rpc.discover` returns is generated from this table.
public enum MethodCatalog {
  static let value = MethodSpec.Param("value", Schema.string, "what the field now holds, exactly as typed")
  static let secretValue = MethodSpec.Param(
    "value", Schema.string, "the password; kept in memory only, never logged (events carry its length)")
  static let actionErrors = [-32602, -32010, -32011, -32002]

  /// An action's result plus `unknown`: the keys asked for that no screen shows.
  static let imageKeysResult = Schema.object([
    "version": Schema.integer(minimum: 0),
    "events": Schema.array(Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
    "unknown": Schema.array(Schema.string),
  ])

  /// Why `feed/loadMore` recorded nothing (the check its decide makes).
  static func loadMoreReason(_ feed: FeedState) -> String { feed.whyNoMore ?? "noMore" }

  /// The `keys` asked for that no screen shows, in the order asked.
  static let unknownKeys: @Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue] = {
    p, _, state in
    let keys = (try? p.strings("keys")) ?? []
    return ["unknown": .array(keys.filter { !state.showsImage($0) }.map { .string($0) })]
  }

  static func action(
    _ name: String, _ summary: String, params: [MethodSpec.Param] = [],
    result: JSONValue = Schema.ref("ActionResult"),
    answer: (@Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue])? = nil,
    reportsProgress: Bool = false,
    _ build: @escaping @Sendable (Params) throws(RPCError) -> Action
  ) -> MethodSpec {
    action(
      name, summary, params: params, result: result, answer: answer, reportsProgress: reportsProgress,
      context: { p, _ throws(RPCError) in try build(p) })
  }

  /// An action whose parameters are read with the server's context (its data directory).
  static func action(
    _ name: String, _ summary: String, params: [MethodSpec.Param] = [],
    result: JSONValue = Schema.ref("ActionResult"),
    answer: (@Sendable (Params, Store.Outcome, AppState) -> [String: JSONValue])? = nil,
    reportsProgress: Bool = false,
    context build: @escaping @Sendable (Params, MethodContext) throws(RPCError) -> Action
  ) -> MethodSpec {
    MethodSpec(
      name, summary, params: params, result: result, errors: actionErrors,
      route: .action(build, answer: answer, reportsProgress: reportsProgress))
  }

  static func later(_ name: String, _ feature: String, _ summary: String) -> MethodSpec {
    MethodSpec(
      name, summary + " Not available yet: answers -32001.", result: Schema.anyValue, errors: [-32001],
      route: .notAvailable(feature: feature))
  }

  /// The optional token a long request reports `$/progress` with.
  static let workDoneToken = MethodSpec.Param(
    "workDoneToken", Schema.anyValue, required: false, "if given, $/progress reports with this token")
  /// How many items a listing answers at most.
  static let limit = MethodSpec.Param(
    "limit", Schema.integer(minimum: 1, maximum: 10000), required: false, "at most this many (default 1000)")

  /// Images for every screen (`images/*`); the `feed/*` names they had first stay as aliases.
  static let imageMethods: [MethodSpec] = [
    action(
      "images/prefetch",
      "Starts thumbnail downloads for images about to show, on any screen (feed rows `provider:id`, album previews `album:ID`, album photos `photo:ID`, account images `account:ID`; at most 4 at once; cached ones load at once). `unknown` lists the keys no screen shows.",
      params: [
        .init("keys", Schema.array(Schema.string), "image keys; already requested ones are skipped")
      ],
      result: imageKeysResult, answer: unknownKeys
    ) { p throws(RPCError) in .images(.prefetch(try p.strings("keys"))) },
    action(
      "images/cancel",
      "Cancels thumbnail downloads for images that left the screen. `unknown` lists the keys no screen shows.",
      params: [
        .init("keys", Schema.array(Schema.string), "image keys; only loading thumbnails are affected")
      ],
      result: imageKeysResult, answer: unknownKeys
    ) { p throws(RPCError) in .images(.cancelPrefetch(try p.strings("keys"))) },
    action(
      "images/retry",
      "Retries a failed image: its thumbnail, and the large image of the open photo if that one failed (a key no screen shows is refused with feed.unknownKey).",
      params: [.init("key", Schema.string, "the image key")]
    ) { p throws(RPCError) in .images(.retry(try p.string("key"))) },
  ]

  /// Every method, in the order the document lists them.
  public static let all: [MethodSpec] =
    [
      // Lifecycle
      MethodSpec(
        "initialize", "Starts the session: server info, protocol version and capabilities. Must come first.",
        params: [
          .init(
            "clientInfo", Schema.anyValue, required: false,
            "who the client is ({name, version}); other LSP fields are accepted and ignored"),
          .init("protocolVersion", Schema.string, required: false, "the protocol version the client speaks"),
          .init(
            "initializationOptions", InitializationOptions.schema, required: false,
            "the app's shape: `signIn` (`required`: start at the sign-in screen; `none`: start on the home screen and load it without a session) and `home` (the screen a start or a sign-in lands on); defaults `required`, `feed`"
          ),
        ], result: Schema.ref("InitializeResult"), errors: [-32600], route: .builtin(.initialize)),
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
        "rpc.discover", "This document (OpenRPC 1.2.6).", result: Schema.anyValue, route: .builtin(.discover)),
      MethodSpec(
        "$/cancelRequest", "Cancels a long request (events/read, history/stateAt); it then answers -32800.",
        notification: true,
        params: [
          .init(
            "id", .object(["type": .array([.string("string"), .string("integer")])]),
            "the id of the request to cancel")
        ], route: .lifecycleNotification(.cancelRequest)),
      // Observation
      MethodSpec(
        "state/get", "The state, or the part of it at a JSON Pointer, with its version.",
        params: [
          .init(
            "pointer", Schema.string, required: false, "RFC 6901 pointer into the state, e.g. /login/email")
        ],
        result: Schema.object(["version": Schema.integer(minimum: 0), "value": Schema.anyValue]),
        errors: [-32602, -32002], route: .builtin(.getState)),
      MethodSpec(
        "events/read", "Events from the log, oldest first.",
        params: [
          .init("from", Schema.integer(minimum: 1), required: false, "first seq (default 1)"),
          .init("to", Schema.integer(minimum: 1), required: false, "last seq (default: the end)"),
          limit,
          workDoneToken,
        ],
        result: Schema.object([
          "events": Schema.array(Schema.ref("EventRecord")), "lastSeq": Schema.integer(minimum: 0),
        ]),
        errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.readEvents)),
      MethodSpec(
        "events/subscribe",
        "Starts events/appended notifications for every event after `from` - 1 (catch-up, then live).",
        params: [
          .init(
            "from", Schema.integer(minimum: 1), required: false,
            "first seq to deliver (default: the next new event)")
        ],
        result: Schema.object(["lastSeq": Schema.integer(minimum: 0)]), errors: [-32602, -32002],
        route: .builtin(.subscribe)),
      MethodSpec(
        "events/unsubscribe", "Stops events/appended notifications, a catch-up under way included.",
        result: Schema.null, errors: [-32002],
        route: .builtin(.unsubscribe)),
      MethodSpec(
        "history/stateAt",
        "The state as it was right after event `seq` (time travel), replayed from the nearest snapshot; a seq before the log's retained history (its log.base) is refused with -32602.",
        params: [
          .init("seq", Schema.integer(minimum: 0), "0 is the initial state"),
          .init("pointer", Schema.string, required: false, "RFC 6901 pointer into that state"),
          workDoneToken,
        ],
        result: Schema.object(["seq": Schema.integer(minimum: 0), "value": Schema.anyValue]),
        errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.stateAt)),
      MethodSpec(
        "history/changes",
        "The events that set a part of the state: those in `from`...`to` after which the value at `pointer` differs from before (its appearing and going included), oldest first. Replayed from the nearest kept state, cancellable; by default over the last 100,000 events.",
        params: [
          .init("pointer", Schema.string, "RFC 6901 pointer into the state, as state/get takes it"),
          .init(
            "from", Schema.integer(minimum: 1), required: false,
            "first seq to look at (default: 100,000 before `to`)"),
          .init("to", Schema.integer(minimum: 1), required: false, "last seq to look at (default: the last)"),
          limit,
          workDoneToken,
        ],
        result: Schema.object([
          "pointer": Schema.string, "from": Schema.integer(minimum: 0), "to": Schema.integer(minimum: 0),
          "changes": Schema.array(
            Schema.object(["seq": Schema.integer(minimum: 1), "time": Schema.string, "type": Schema.string])),
        ]),
        errors: [-32602, -32800, -32011, -32012, -32002], route: .builtin(.changes)),
      // The test clock (`serve --test-clock` only)
      MethodSpec(
        "test/advanceClock",
        "Moves the test clock on; timers due within the advance fire in order, and it answers once they and the work they started have settled. Only with `serve --test-clock` (-32601 otherwise).",
        params: [
          .init(
            "milliseconds", Schema.integer(minimum: 0, maximum: 31_536_000_000),
            "how far to move the clock (at most a year)")
        ],
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
      // Sign-in and registration
      action("auth/setEmail", "Types into the sign-in email field.", params: [value]) { p throws(RPCError) in
        .auth(.setEmail(.login, try p.string("value")))
      },
      action("auth/setPassword", "Types into the sign-in password field.", params: [secretValue]) {
        p throws(RPCError) in
        .auth(.setPassword(.login, Secret(try p.string("value"))))
      },
      action(
        "auth/submitLogin", "Submits sign-in: invalid fields show their errors; valid ones go to the backend."
      ) { _ in
        .auth(.submit(.login))
      },
      action("auth/logout", "Signs out and clears the stored token.") { _ in .auth(.logout) },
      action("registration/open", "Opens registration from the sign-in screen.") { _ in
        .auth(.openRegistration)
      },
      action("registration/setEmail", "Types into the registration email field.", params: [value]) {
        p throws(RPCError) in
        .auth(.setEmail(.registration, try p.string("value")))
      },
      action("registration/setPassword", "Types into the registration password field.", params: [secretValue])
      {
        p throws(RPCError) in .auth(.setPassword(.registration, Secret(try p.string("value"))))
      },
      action(
        "registration/setAge", "Types into the registration age field (a whole number from 13 to 120).",
        params: [value]
      ) {
        p throws(RPCError) in .auth(.setAge(try p.string("value")))
      },
      action("registration/submit", "Submits registration.") { _ in .auth(.submit(.registration)) },
      action("nav/back", "Pops the top screen of /route.") { _ in .navigation(.back) },
      action(
        "nav/open",
        "Shows a top-level screen, as a tab: it becomes the root of /route, below the screens pushed from it that are still open (an open photo, an open album). Opening the screen already shown does nothing; with sign-in required, only a signed-in user can (-32010 nav.signInFirst). The albums, the feed and the account's images load when first shown.",
        params: [
          .init(
            "screen", Schema.enumeration(Tab.allCases.map(\.rawValue)),
            "feed, albums, account, video or settings")
        ]
      ) { p throws(RPCError) in
        let name = try p.string("screen")
        guard let tab = Tab(rawValue: name) else {
          throw RPCError.invalidParams(
            "screen must be one of: \(Tab.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return .navigation(.open(tab))
      },
      // Features still to come
      action(
        "feed/setQuery",
        "Search as the user types: the search starts 300 ms after the last change (the timer's firing is recorded).",
        params: [.init("text", Schema.string, "the search text; empty shows the provider's default list")]
      ) { p throws(RPCError) in .feed(.setQuery(try p.string("text"))) },
      action("feed/refresh", "Reloads the first page (the list is replaced when it arrives).") { _ in
        .feed(.refresh)
      },
      action(
        "feed/loadMore",
        "Appends the next page (after a failed page or refresh with items still shown: the one after the last that loaded, so it is also the retry). When it does nothing (no events), `reason` says why: `loading` (a load is in flight), `offlineCopy` (the offline copy has no pages), `noMore` (the provider has no more), `notLoaded` (no page is shown yet).",
        result: Schema.object(
          [
            "version": Schema.integer(minimum: 0),
            "events": Schema.array(
              Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
            "reason": Schema.enumeration(["loading", "offlineCopy", "noMore", "notLoaded"]),
          ], optional: ["reason"]),
        answer: { _, outcome, state in
          guard outcome.events.isEmpty else { return [:] }
          return ["reason": .string(loadMoreReason(state.feed))]
        }
      ) { _ in .feed(.loadMore) },
    ]
    + imageMethods
    + zip(["feed/prefetch", "feed/cancelPrefetch", "feed/retryImage"], imageMethods).map { name, spec in
      var alias = spec
      alias.name = name
      alias.summary = "The same as \(spec.name) (its first name, kept)."
      return alias
    }
    + [
      action(
        "feed/openDetail", "Opens a photo: pushes the detail route and loads the large image.",
        params: [.init("key", Schema.string, "the item key")]
      ) { p throws(RPCError) in .feed(.openDetail(try p.string("key"))) },
      action("detail/close", "Closes the detail screen (cancels its image download).") { _ in
        .feed(.closeDetail)
      },
      action("albums/load", "Loads albums and their owners at the same time, grouped into sections by owner.")
      {
        _ in
        .albums(.load)
      },
      action(
        "albums/setSearch", "Filters albums by title or owner name (case- and diacritic-insensitive).",
        params: [.init("text", Schema.string, "the filter; empty shows every album")]
      ) { p throws(RPCError) in .albums(.setSearch(try p.string("text"))) },
      action(
        "albums/open", "Opens an album: pushes the album route and loads its photos.",
        params: [.init("albumId", Schema.integer(minimum: 1), "the album's id")]
      ) { p throws(RPCError) in .albums(.open(albumID: try p.int("albumId", in: 1...Int(Int32.max)))) },
      action(
        "albums/openPhoto",
        "Opens a photo of the open album: pushes the photo route and loads the original image.",
        params: [.init("photoId", Schema.integer(minimum: 1), "the photo's id")]
      ) { p throws(RPCError) in .albums(.openPhoto(photoID: try p.int("photoId", in: 1...Int(Int32.max)))) },
      action("albums/retry", "Retries what failed: the open album's photos, else the albums load.") { _ in
        .albums(.retry)
      },
      action(
        "connectivity/set",
        "Tells the core whether the device is online; coming back online refreshes the feed.",
        params: [.init("online", Schema.boolean, "true when the device has a connection")]
      ) { p throws(RPCError) in .feed(.setConnectivity(online: try p.bool("online"))) },
    ] + AccountMethods.all + VideoSettingsMethods.all

  /// The specs by name.
  public static let byName: [String: MethodSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// Notifications the server sends.
  public static let serverNotifications: [(name: String, summary: String, params: JSONValue)] = [
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
      "The subscription ended because the client left more than 4 MiB unread: no more events/appended until events/subscribe is called again, from resumeFrom to miss nothing.",
      Schema.object(["resumeFrom": Schema.integer(minimum: 1), "reason": Schema.string])
    ),
    ("$/progress", "Progress of a long request that was given a workDoneToken.", Schema.ref("Progress")),
  ]
}
