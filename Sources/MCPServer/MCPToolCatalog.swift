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
    case .builtin(.attachRole): return "the attach point's handshake, which the face makes itself"
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

  /// The methods left out of the default list (`gallery-rpc mcp --all-tools` lists them):
  /// aliases of another tool, and the frontend's plumbing (its image downloads, the device's
  /// connectivity), which an assistant has no use for and pays for in every prompt.
  public static func leftOutByDefault(_ spec: MethodSpec) -> String? {
    if ["feed/prefetch", "feed/cancelPrefetch", "feed/retryImage"].contains(spec.name) {
      return "an alias of images/*"
    }
    if spec.name.hasPrefix("images/") || spec.name == "connectivity/set" { return "the frontend's plumbing" }
    if spec.name == "effects/settle" { return "every action tool's `wait` waits for what it started" }
    return nil
  }

  /// Every tool, in the catalog's order, then the face's own; `all: false` leaves out what
  /// `leftOutByDefault` names.
  public static func tools(testClock: Bool, all: Bool = false) -> [MCPTool] {
    let bundle = SchemaBundle(components: OpenRPCDocument.componentSchemas)
    var tools: [MCPTool] = MethodCatalog.all.compactMap { spec in
      guard exclusion(of: spec, testClock: testClock) == nil else { return nil }
      guard all || leftOutByDefault(spec) == nil else { return nil }
      return tool(for: spec, bundle: bundle, compact: !all)
    }
    tools += MCPOwnTool.allCases.map { $0.tool(bundle: bundle, compact: !all) }
    return tools
  }

  /// The tool of one method: in full (its whole summary, every refusal code, its output
  /// schema), or `compact` for the default list an assistant reads in every prompt (the
  /// summary's first sentence; the refusal codes come with each refusal).
  static func tool(for spec: MethodSpec, bundle: SchemaBundle, compact: Bool) -> MCPTool {
    let params = spec.params.filter { !hiddenParams.contains($0.name) }
    var description = compact ? firstSentence(of: spec.summary) : spec.summary
    let groups = Dictionary(grouping: params.filter { $0.group != nil }, by: { $0.group! })
    for (_, alternatives) in groups.sorted(by: { $0.key < $1.key }) {
      description += " Give exactly one of: \(alternatives.map(\.name).joined(separator: ", "))."
    }
    if !spec.refusals.isEmpty, !compact {
      description +=
        " May be refused (isError, structuredContent.code): \(spec.refusals.joined(separator: ", "))."
    }
    // Compact, the hint says a call is destructive; the instructions say what consent it needs.
    if spec.isDestructive, !compact || !spec.destructiveParams.isEmpty {
      description +=
        spec.destructiveParams.isEmpty
        ? " Destructive: needs the owner's --consent destructive."
        : " Destructive when given \(spec.destructiveParams.joined(separator: ", ")): needs the owner's --consent destructive."
    }
    var input = objectSchema(params, compact: compact)
    if case .action = spec.route, case .object(var members) = input,
      case .object(var properties)? = members["properties"]
    {
      // Every action may wait for what it started (`MCPFace.waitParameter`).
      properties[MCPFace.waitParameter] = .object(["type": .string("boolean")])
      members["properties"] = .object(properties)
      input = .object(members)
    }
    return MCPTool(
      name: MCPToolName.tool(forMethod: spec.name), method: spec.name, description: description,
      inputSchema: bundle.standalone(input),
      outputSchema: outputSchema(spec.result, bundle: bundle), listsOutputSchema: !compact,
      readOnly: spec.isReadOnly, destructive: spec.isDestructive, destructiveParams: spec.destructiveParams,
      idempotent: spec.isIdempotent)
  }

  /// A parameter's summary to its first "; ", for the compact list.
  static func firstClause(of summary: String) -> String {
    guard let end = summary.range(of: "; ") else { return summary }
    return String(summary[..<end.lowerBound])
  }

  /// A summary's first sentence, for the compact list: up to its first ". " or "; " outside
  /// parentheses.
  static func firstSentence(of summary: String) -> String {
    var depth = 0
    var previous: Character = " "
    for index in summary.indices {
      let c = summary[index]
      if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
      if c == " ", depth == 0, previous == "." || previous == ";" {
        return String(summary[..<summary.index(before: index)]) + "."
      }
      previous = c
    }
    return summary
  }

  /// An object schema over named parameters: each one's schema with its summary as its
  /// description; unknown names are refused, as the method refuses them.
  static func objectSchema(_ params: [MethodSpec.Param], compact: Bool = false) -> JSONValue {
    var properties: [String: JSONValue] = [:]
    for p in params {
      var schema = p.schema
      if case .object(var members) = schema {
        // Compact, a choice's values speak for it.
        if !compact || members["enum"] == nil {
          members["description"] = .string(compact ? firstClause(of: p.summary) : p.summary)
        }
        schema = .object(members)
      }
      properties[p.name] = schema
    }
    let required = params.filter { $0.required && $0.group == nil }.map { JSONValue.string($0.name) }
    // The compact list leaves `additionalProperties` out: the core refuses an unknown name anyway.
    var members: [String: JSONValue] = ["type": .string("object"), "properties": .object(properties)]
    if !compact { members["additionalProperties"] = .bool(false) }
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
