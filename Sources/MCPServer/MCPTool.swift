import JSON
import RPCServer

/// One tool as `tools/list` shows it: derived from a method of the catalog (`method`), or one
/// of the face's own (`MCPOwnTool`), never written per method.
public struct MCPTool: Sendable, Equatable {
  /// The tool's name (`MCPToolName`).
  public var name: String
  /// The method a call becomes, or nil for one of the face's own tools.
  public var method: String?
  public var description: String
  /// An object schema that stands alone (`$defs` inside).
  public var inputSchema: JSONValue
  /// The result's schema where the result is an object (MCP's `structuredContent`).
  public var outputSchema: JSONValue?
  public var readOnly: Bool
  public var destructive: Bool
  /// When only some arguments make a call destructive, those (`MethodSpec.destructiveParams`).
  public var destructiveParams: [String]
  public var idempotent: Bool

  /// Whether a call with `arguments` removes what the user had, signs out or drops credentials.
  func isDestructive(_ arguments: JSONValue?) -> Bool {
    guard destructive else { return false }
    guard !destructiveParams.isEmpty else { return true }
    guard case .object(let members)? = arguments else { return false }
    return destructiveParams.contains { members[$0] != nil }
  }

  /// The tool as `tools/list` lists it.
  var json: JSONValue {
    var members: [String: JSONValue] = [
      "name": .string(name), "description": .string(description), "inputSchema": inputSchema,
      "annotations": .object([
        "readOnlyHint": .bool(readOnly), "destructiveHint": .bool(destructive),
        "idempotentHint": .bool(idempotent), "openWorldHint": .bool(false),
      ]),
    ]
    if let outputSchema { members["outputSchema"] = outputSchema }
    return .object(members)
  }
}
