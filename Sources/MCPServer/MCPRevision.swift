import JSON
import RPCServer

/// The MCP revisions the face speaks, and how a request says which one it speaks: through
/// the `initialize` handshake (up to 2025-11-25), or in each request's `_meta` (2026-07-28 on,
/// found by `server/discover`).
public enum MCPRevision {
  /// Reached through `initialize`, oldest first.
  public static let handshake = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// Named in each request's `_meta`, after `server/discover`.
  public static let modern = ["2026-07-28"]
  /// Every revision, oldest first.
  public static var all: [String] { handshake + modern }

  /// The `_meta` member naming a modern request's revision.
  static let versionKey = "io.modelcontextprotocol/protocolVersion"
  /// The `_meta` member of a discover result naming the server.
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
  /// The `_meta` member of every frame of a `subscriptions/listen` stream.
  static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"
  /// -32022: the revision asked for is not one of these.
  static let unsupportedCode = -32022

  /// The revision `initialize` answers: the client's when the face speaks it, else the newest
  /// the handshake reaches (the client then decides whether to go on).
  static func answer(toInitialize requested: String?) -> String {
    if let requested, handshake.contains(requested) { return requested }
    return handshake[handshake.count - 1]
  }

  /// The modern revision a request names in its `_meta`, if it names one.
  static func named(in params: JSONValue?) -> String? {
    guard case .string(let version)? = params?["_meta"]?[versionKey] else { return nil }
    return version
  }

  /// -32022 for a revision the face does not speak.
  static func unsupported(_ requested: String) -> RPCError {
    RPCError(
      code: unsupportedCode, message: "Unsupported protocol version \(requested.prefix(40))",
      data: .object([
        "supported": .array(all.map { .string($0) }), "requested": .string(String(requested.prefix(40))),
      ]))
  }
}
