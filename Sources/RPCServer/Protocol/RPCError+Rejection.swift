import GalleryCore
@_exported import JSONRPC

/// The gallery's own error: an action the state refuses. This file also makes the `JSONRPC`
/// target's types part of what `import RPCServer` brings.
extension RPCError {
  /// -32010: the action makes no sense now; nothing was recorded.
  public static func rejected(_ rejection: Rejection) -> RPCError {
    RPCError(
      code: -32010, message: "Action rejected",
      data: .object(["code": .string(rejection.code), "message": .string(rejection.message)]))
  }
}
