import JSON
import RPCServer

/// Everything the MCP face changes while it serves, in one value that one `Mutex` owns
/// (`MCPFace.session`): the requests sent to the core and what to do with their answers, the
/// resource subscriptions and the pacing of their notifications.
struct MCPSessionState: Sendable {
  /// At most this many requests wait for the core at once; one more is refused (-32603).
  static let maxInFlight = 64
  /// At most this many URIs subscribed with `resources/subscribe`.
  static let maxSubscribedURIs = 32
  /// At most this many `subscriptions/listen` streams open at once.
  static let maxListens = 8

  /// What to do with the core's answer to a request.
  typealias Continuation = @Sendable (Result<JSONValue, RPCError>) -> Void

  /// The id of the next request to the core.
  var nextID = 1
  /// The core's answers awaited, by the id sent (bounded by `maxInFlight`).
  var pending: [Int: Continuation] = [:]
  /// The core's request id of each MCP request being served, for `notifications/cancelled`.
  var forwarded: [RPCID: Int] = [:]
  /// URIs subscribed through `resources/subscribe` (handshake revisions).
  var subscribed: [String: MCPResource] = [:]
  /// Open `subscriptions/listen` streams (2026-07-28): each one's URIs.
  var listens: [RPCID: [String: MCPResource]] = [:]
  /// The rate bound on notifications.
  var pacer = UpdatePacer()
  /// Set once the client's input ended: the face waits for what is pending, then shuts down.
  var closing = false
  /// Whether the core runs on the test clock (its `initialize` says; the tools depend on it).
  var testClock = false
  /// On the attach point: why the core ended this session (`attach/ended`), once it said.
  var endedReason: String?
  /// The `state/changed` operations kept for calls that wait for their outcome, by call
  /// (at most `maxInFlight` of them, each at most `PatchRecording.maxBytes`).
  var recordings: [Int: PatchRecording] = [:]
  var nextRecording = 1

  /// Every URI someone listens to, with its resource.
  var watched: [String: MCPResource] {
    var all = subscribed
    for (_, uris) in listens { all.merge(uris) { a, _ in a } }
    return all
  }
}
