import JSON
import RPCServer

/// What the MCP client sends: the handshake (either era), the tools, the resources.
extension MCPFace {
  /// Instructions an assistant reads once (`initialize`, `server/discover`).
  static let instructions = """
    The headless core of an image-gallery app. Each tool is one method of its JSON-RPC contract \
    (auth/setEmail is auth_setEmail); an action answers once its events are in the log, and with \
    "wait": true once the work it started (a page, a sign-in) has settled, with the state's \
    changes. The view is the resource gallery://state (a part: gallery://state/POINTER); \
    subscribe to it to hear of changes. auth_signIn signs in in one call (the demo account is \
    test@mail.com / 123456); photo_view shows a photo by its key. A refused action is an error \
    result whose structuredContent.code says why, in the app's language; a destructive one \
    (destructiveHint) needs the owner's consent (--consent destructive).
    """

  /// One message from the client.
  func fromClient(_ bytes: [UInt8]) {
    let value: JSONValue
    do { value = try JSONParser.parse(bytes) } catch {
      outer.send(RPCOutgoing.error(.null, .parseError("\(error)")))
      return
    }
    switch RPCIncoming(value) {
    case .invalid(let id, let error):
      outer.send(RPCOutgoing.error(id, error))
    case .notification(let method, let params):
      if method == "notifications/cancelled",
        let requestID = params?.value["requestId"].flatMap(RPCID.init(json:))
      {
        cancel(requestID)
      }
    case .request(let id, let method, let params):
      request(id, method, params?.value)
    }
  }

  /// One request, answered now or once the core answers.
  func request(_ id: RPCID, _ method: String, _ params: JSONValue?) {
    let revision = MCPRevision.named(in: params)
    if let revision, !MCPRevision.modern.contains(revision) {
      outer.send(RPCOutgoing.error(id, MCPRevision.unsupported(revision)))
      return
    }
    let reply = Reply(id: id, modern: revision != nil, outer: outer)
    switch method {
    case "initialize":
      var requested: String? = nil
      if case .string(let v)? = params?["protocolVersion"] { requested = v }
      reply.result([
        "protocolVersion": .string(MCPRevision.answer(toInitialize: requested)), "capabilities": capabilities,
        "serverInfo": serverInfo, "instructions": .string(Self.instructions),
      ])
    case "server/discover":
      reply.result([
        "supportedVersions": .array(MCPRevision.modern.map { .string($0) }), "capabilities": capabilities,
        "instructions": .string(Self.instructions), "_meta": .object([MCPRevision.serverInfoKey: serverInfo]),
      ])
    case "ping", "logging/setLevel":
      reply.result([:])
    case "tools/list":
      reply.result(["tools": toolList])
    case "tools/call":
      callTool(params, reply: reply)
    case "resources/list":
      reply.result(["resources": MCPResource.listed])
    case "resources/templates/list":
      reply.result(["resourceTemplates": MCPResource.templates])
    case "resources/read":
      readResource(params, reply: reply)
    case "resources/subscribe", "resources/unsubscribe":
      subscribe(params, on: method == "resources/subscribe", reply: reply)
    case "subscriptions/listen":
      listen(params, reply: reply)
    default:
      reply.error(.methodNotFound(method))
    }
  }

  /// What the face offers: tools, and resources one can subscribe to.
  var capabilities: JSONValue {
    .object([
      "tools": .object(["listChanged": .bool(false)]),
      "resources": .object(["subscribe": .bool(true), "listChanged": .bool(false)]),
    ])
  }

  var serverInfo: JSONValue {
    .object(["name": .string("gallery-rpc"), "version": .string(serverVersion)])
  }

  /// `tools/call`: a method's tool becomes the core's request; the face's own run here.
  func callTool(_ params: JSONValue?, reply: Reply) {
    guard case .string(let name)? = params?["name"] else {
      reply.error(.invalidParams("tools/call needs the tool's \"name\""))
      return
    }
    guard let tool = tools[name] else {
      reply.error(.invalidParams("unknown tool \"\(name.prefix(80))\"; tools/list names them"))
      return
    }
    let arguments = params?["arguments"]
    switch arguments {
    case nil, .null?, .object?: break
    default:
      reply.error(.invalidParams("tools/call's \"arguments\" must be an object"))
      return
    }
    if tool.isDestructive(arguments), !consentsToDestructive {
      reply.result(ToolResult(.failure(Self.consentNeeded(tool.name)), tool: tool).json)
      return
    }
    guard let method = tool.method else {
      guard let own = MCPOwnTool(rawValue: tool.name) else { return }
      var members: [String: JSONValue] = [:]
      if case .object(let given)? = arguments { members = given }
      switch own {
      case .signIn: signIn(members, reply: reply, tool: tool)
      case .viewPhoto: viewPhoto(members, reply: reply, tool: tool)
      case .exportBundle:
        reply.result(
          ToolResult(own.call(arguments, dataDirectory: dataDirectory, build: serverVersion), tool: tool).json
        )
      }
      return
    }
    var sent: JSONValue? = arguments == .null ? nil : arguments
    // An action's `wait` is the face's: the core never sees it.
    var wait = false
    if case .action? = MethodCatalog.byName[method]?.spec.route, case .object(var members)? = sent,
      let asked = members.removeValue(forKey: Self.waitParameter)
    {
      guard case .bool(let value) = asked else {
        reply.result(
          ToolResult(
            .failure(.invalidParams("parameter \"\(Self.waitParameter)\" must be true or false")), tool: tool
          )
          .json)
        return
      }
      wait = value
      sent = .object(members)
    }
    run([(method, sent)], for: reply.id, wait: wait) { [self] answer in
      session.withLock { s in _ = s.forwarded.removeValue(forKey: reply.id) }
      reply.result(ToolResult(answer, tool: tool).json)
    }
  }

  /// The refusal of a destructive call the owner did not consent to: -32010 with its own code,
  /// so an assistant tells the user what to ask for.
  static func consentNeeded(_ tool: String) -> RPCError {
    RPCError(
      code: -32010, message: "Refused",
      data: .object([
        "code": .string("mcp.consentNeeded"),
        "message": .string(
          "\(tool) would remove what the user has, sign out or drop credentials; an assistant may do that only when the owner starts gallery-rpc mcp with --consent destructive"
        ),
      ]))
  }

  /// `notifications/cancelled`: a long read goes on as `$/cancelRequest`; a listen stream ends.
  func cancel(_ requestID: RPCID) {
    let (coreID, wasListen) = session.withLock { s in
      (s.forwarded[requestID], s.listens.removeValue(forKey: requestID) != nil)
    }
    if wasListen {
      // The stream ends as protocol/mcp.md says: its request answered `{}`.
      Reply(id: requestID, modern: true, outer: outer).result([:])
      return
    }
    if let coreID {
      inner.send(RPCOutgoing.notification("$/cancelRequest", .object(["id": .number(Double(coreID))])))
    }
  }
}
