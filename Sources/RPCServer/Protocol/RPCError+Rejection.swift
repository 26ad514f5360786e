import GalleryCore
@_exported import JSONRPC

/// The gallery's own error: an action the state refuses. This file also makes the `JSONRPC`
/// target's types part of what `import RPCServer` brings.
extension RPCError {
  /// -32010: the action makes no sense now; nothing was recorded.
  public static func rejected(_ rejection: Rejection) -> RPCError {
    var data: [String: JSONValue] = ["code": .string(rejection.code), "message": .string(rejection.message)]
    if !rejection.args.isEmpty { data["args"] = .object(rejection.args.mapValues { .string($0) }) }
    return RPCError(code: -32010, message: "Action rejected", data: .object(data))
  }
}
