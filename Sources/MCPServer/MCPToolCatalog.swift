import JSON
import RPCServer

/// The tools of `gallery-rpc mcp`: every method of the catalog a call can use, named by
/// `MCPToolName`, with its schemas and annotations from the method's declaration, then the
/// face's own (`MCPOwnTool`). A feature's methods become tools with no edit here.
public enum MCPToolCatalog {
  /// Why a method of the catalog is not a tool (nil when it is one). The rule, stated once:
  /// notifications and the lifecycle are MCP's own (`initialize`, `shutdown`, `exit`,
  /// `$/cancelRequest`), `rpc.discover` is `tools/list`'s job, the event stream
  /// (`events/subscribe`, `events/unsubscribe`) is a resource subscription here, and the test
  /// clock's methods exist only under `--test-clock`.
  public static func exclusion(of spec: MethodSpec, testClock: Bool) -> String? {
    if spec.isNotification { return "a notification" }
    switch spec.route {
    case .builtin(.initialize), .builtin(.shutdown): return "the lifecycle is MCP's own"
    case .builtin(.discover): return "tools/list describes the tools"
    case .builtin(.subscribe), .builtin(.unsubscribe): return "resources are subscribed instead"
    case .lifecycleNotification: return "the lifecycle is MCP's own"
    default: break
    }
    if spec.needsTestClock, !testClock { return "only under --test-clock" }
    return nil
  }

  /// The parameters a tool does not take: `workDoneToken` (MCP's `_meta.progressToken` is its own).
  static let hiddenParams: Set<String> = ["workDoneToken"]

  /// Every tool, in the catalog's order, then the face's own.
  public static func tools(testClock: Bool) -> [MCPTool] {
    let bundle = SchemaBundle(components: ComponentSchemas.all)
    var tools: [MCPTool] = MethodCatalog.all.compactMap { spec in
      guard exclusion(of: spec, testClock: testClock) == nil else { return nil }
      return tool(for: spec, bundle: bundle)
    }
    tools += MCPOwnTool.allCases.map { $0.tool(bundle: bundle) }
    return tools
  }

  /// The tool of one method.
  static func tool(for spec: MethodSpec, bundle: SchemaBundle) -> MCPTool {
    let params = spec.params.filter { !hiddenParams.contains($0.name) }
    var description = spec.summary
    let groups = Dictionary(grouping: params.filter { $0.group != nil }, by: { $0.group! })
    for (_, alternatives) in groups.sorted(by: { $0.key < $1.key }) {
      description += " Give exactly one of: \(alternatives.map(\.name).joined(separator: ", "))."
    }
    if !spec.refusals.isEmpty {
      description +=
        " May be refused (isError, structuredContent.code): \(spec.refusals.joined(separator: ", "))."
    }
    if spec.isDestructive {
      description +=
        spec.destructiveParams.isEmpty
        ? " Destructive: needs the owner's consent (gallery-rpc mcp --consent destructive)."
        : " Destructive when given \(spec.destructiveParams.joined(separator: ", ")): needs the owner's consent (gallery-rpc mcp --consent destructive)."
    }
    return MCPTool(
      name: MCPToolName.tool(forMethod: spec.name), method: spec.name, description: description,
      inputSchema: bundle.standalone(objectSchema(params)),
      outputSchema: outputSchema(spec.result, bundle: bundle),
      readOnly: spec.isReadOnly, destructive: spec.isDestructive, destructiveParams: spec.destructiveParams,
      idempotent: spec.isIdempotent)
  }

  /// An object schema over named parameters: each one's schema with its summary as its
  /// description; unknown names are refused, as the method refuses them.
  static func objectSchema(_ params: [MethodSpec.Param]) -> JSONValue {
    var properties: [String: JSONValue] = [:]
    for p in params {
      var schema = p.schema
      if case .object(var members) = schema {
        members["description"] = .string(p.summary)
        schema = .object(members)
      }
      properties[p.name] = schema
    }
    let required = params.filter { $0.required && $0.group == nil }.map { JSONValue.string($0.name) }
    var members: [String: JSONValue] = [
      "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
    ]
    if !required.isEmpty { members["required"] = .array(required) }
    return .object(members)
  }

  /// The result's schema when it describes an object (what `structuredContent` may carry).
  static func outputSchema(_ result: JSONValue, bundle: SchemaBundle) -> JSONValue? {
    let standalone = bundle.standalone(result)
    guard case .object(let members) = standalone, members["type"] == .string("object") else { return nil }
    return standalone
  }
}
