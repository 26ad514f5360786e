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
  /// Whether `tools/list` shows `outputSchema` (the full list, `--all-tools`); the compact
  /// default leaves it out to stay small, and results still carry `structuredContent`.
  public var listsOutputSchema: Bool
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

  /// The tool as `tools/list` lists it. Its hints are those that differ from MCP's defaults
  /// (read-write, destructive, not idempotent), so a short list still says each; `openWorldHint` is
  /// left at its default (true): the feed, albums, account and video reach their providers.
  var json: JSONValue {
    var hints: [String: JSONValue] = [:]
    if readOnly { hints["readOnlyHint"] = .bool(true) } else { hints["destructiveHint"] = .bool(destructive) }
    // A read-only call is idempotent already.
    if idempotent, !readOnly { hints["idempotentHint"] = .bool(true) }
    var members: [String: JSONValue] = [
      "name": .string(name), "description": .string(description), "inputSchema": inputSchema,
      "annotations": .object(hints),
    ]
    if listsOutputSchema, let outputSchema { members["outputSchema"] = outputSchema }
    return .object(members)
  }
}
