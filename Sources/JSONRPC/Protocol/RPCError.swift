import JSON

/// A JSON-RPC error object. Standard codes from the JSON-RPC 2.0 and LSP specifications,
/// application codes from -32001 to -32099 (documented in protocol/errors.md).
public struct RPCError: Error, Equatable, Sendable, CustomStringConvertible {
  public var code: Int
  public var message: String
  /// What exactly was wrong (always present on errors we raise).
  public var data: JSONValue?

  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  public var json: JSONValue {
    var members: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
    if let data { members["data"] = data }
    return .object(members)
  }

  public var description: String {
    "\(code) \(message)\(data.map { ": " + String(decoding: JSONWriter.bytes($0), as: UTF8.self) } ?? "")"
  }

  // JSON-RPC 2.0
  public static func parseError(_ detail: String) -> RPCError {
    RPCError(code: -32700, message: "Parse error", data: .string(detail))
  }
  public static func invalidRequest(_ detail: String) -> RPCError {
    RPCError(code: -32600, message: "Invalid Request", data: .string(detail))
  }
  public static func methodNotFound(_ method: String) -> RPCError {
    RPCError(
      code: -32601, message: "Method not found",
      data: .string("no method named \(String(reflecting: method)); rpc.discover lists them"))
  }
  public static func invalidParams(_ detail: String) -> RPCError {
    RPCError(code: -32602, message: "Invalid params", data: .string(detail))
  }
  public static func internalError(_ detail: String) -> RPCError {
    RPCError(code: -32603, message: "Internal error", data: .string(detail))
  }

  // LSP
  public static let serverNotInitialized = RPCError(
    code: -32002, message: "Server not initialized", data: .string("send initialize first"))
  public static let requestCancelled = RPCError(
    code: -32800, message: "Request cancelled", data: .string("cancelled by $/cancelRequest"))

  // Application codes a server may use (-32001 to -32099)
  public static func notAvailableYet(_ method: String, feature: String) -> RPCError {
    RPCError(
      code: -32001, message: "Not available yet",
      data: .object([
        "method": .string(method), "feature": .string(feature),
        "reason": .string("the \(feature) feature is not built in this version"),
      ]))
  }
  /// Too many long requests at once.
  public static func busy(_ detail: String) -> RPCError {
    RPCError(code: -32012, message: "Too many requests in flight", data: .string(detail))
  }

  public static func storage(_ detail: String) -> RPCError {
    RPCError(code: -32011, message: "Storage error", data: .string(detail))
  }
  public static func shuttingDown(_ method: String) -> RPCError {
    RPCError(
      code: -32600, message: "Invalid Request",
      data: .string("the server is shutting down; \(method) is refused after shutdown"))
  }
}
