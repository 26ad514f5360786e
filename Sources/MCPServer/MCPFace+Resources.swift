import Dispatch
import JSON
import RPCServer

/// The resources: reads through the core's `state/get` and `events/read`, and the
/// notifications a change brings to those who subscribed (either era's way), paced by
/// `UpdatePacer`.
extension MCPFace {
  /// `resources/read`.
  func readResource(_ params: JSONValue?, reply: Reply) {
    guard case .string(let uri)? = params?["uri"] else {
      reply.error(.invalidParams("resources/read needs the resource's \"uri\""))
      return
    }
    guard let resource = MCPResource(uri: uri) else {
      reply.error(Self.unknownResource(uri))
      return
    }
    let send: @Sendable (Result<JSONValue, RPCError>, String) -> Void = { answer, pointer in
      switch answer {
      case .failure(let error): reply.error(error)
      case .success(let value):
        let bounded = BoundedAnswer(value, at: pointer)
        var content: [String: JSONValue] = [
          "uri": .string(uri), "mimeType": .string("application/json"),
          "text": .string(String(decoding: JSONWriter.bytes(bounded.value), as: UTF8.self)),
        ]
        if let note = bounded.note { content["_meta"] = .object(["gallery-rpc/cut": .string(note)]) }
        reply.result(["contents": .array([.object(content)])])
      }
    }
    switch resource {
    case .state(let pointer):
      forward("state/get", .object(["pointer": .string(pointer)]), for: reply.id) { answer in
        send(answer.map { $0["value"] ?? .null }, pointer)
      }
    case .recentEvents:
      // The log's last seq first, then the events up to it.
      forward("events/read", .object(["limit": .number(1)])) { [self] first in
        switch first {
        case .failure(let error): reply.error(error)
        case .success(let answer):
          let last = answer["lastSeq"]?.exactInteger ?? 0
          let from = max(1, last - Int64(MCPResource.recentCount) + 1)
          forward(
            "events/read",
            .object(["from": .number(Double(from)), "limit": .number(Double(MCPResource.recentCount))])
          ) { answer in send(answer.map { $0["events"] ?? .array([]) }, "") }
        }
      }
    }
  }

  /// -32002, as MCP names a resource it does not have.
  static func unknownResource(_ uri: String) -> RPCError {
    RPCError(
      code: -32002, message: "Resource not found",
      data: .object([
        "uri": .string(String(uri.prefix(200))),
        "served": .array([
          .string(MCPResource.stateURI), .string(MCPResource.stateTemplate),
          .string(MCPResource.recentEventsURI),
        ]),
      ]))
  }

  /// `resources/subscribe` and `resources/unsubscribe` (the handshake revisions).
  func subscribe(_ params: JSONValue?, on: Bool, reply: Reply) {
    guard case .string(let uri)? = params?["uri"] else {
      reply.error(.invalidParams("\(on ? "resources/subscribe" : "resources/unsubscribe") needs the \"uri\""))
      return
    }
    guard let resource = MCPResource(uri: uri) else {
      reply.error(Self.unknownResource(uri))
      return
    }
    let refused: Bool = session.withLock { s in
      if !on {
        s.subscribed.removeValue(forKey: uri)
        if s.watched[uri] == nil { s.pacer.forget(uri) }
        return false
      }
      guard s.subscribed[uri] != nil || s.subscribed.count < MCPSessionState.maxSubscribedURIs else {
        return true
      }
      s.subscribed[uri] = resource
      return false
    }
    if refused {
      reply.error(
        .invalidRequest("at most \(MCPSessionState.maxSubscribedURIs) resources are subscribed at once"))
    } else {
      reply.result([:])
    }
  }

  /// `subscriptions/listen` (2026-07-28): acknowledged with the URIs honored; the request stays
  /// open, its notifications stamped with its id, until the client cancels it or goes.
  func listen(_ params: JSONValue?, reply: Reply) {
    var requested: [String] = []
    if case .array(let uris)? = params?["notifications"]?["resourceSubscriptions"] {
      for case .string(let uri) in uris.prefix(MCPSessionState.maxSubscribedURIs) { requested.append(uri) }
    }
    var honored: [String: MCPResource] = [:]
    for uri in requested { if let resource = MCPResource(uri: uri) { honored[uri] = resource } }
    let accepted = session.withLock { s in
      guard s.listens[reply.id] != nil || s.listens.count < MCPSessionState.maxListens else { return false }
      s.listens[reply.id] = honored
      return true
    }
    guard accepted else {
      reply.error(
        .invalidRequest("at most \(MCPSessionState.maxListens) subscriptions/listen streams are open at once")
      )
      return
    }
    var filter: [String: JSONValue] = [:]
    if !honored.isEmpty {
      filter["resourceSubscriptions"] = .array(honored.keys.sorted().map { .string($0) })
    }
    outer.send(
      RPCOutgoing.notification(
        "notifications/subscriptions/acknowledged",
        .object([
          "_meta": .object([MCPRevision.subscriptionKey: reply.id.json]), "notifications": .object(filter),
        ])))
  }

  /// A `state/changed` from the core: the watched resources it touches are announced, paced.
  func stateChanged(paths: [String]) {
    let decision = session.withLock { s -> UpdatePacer.Decision in
      let touched = s.watched.filter { _, resource in paths.contains { resource.isTouched(byPatchAt: $0) } }
      guard !touched.isEmpty else { return .wait }
      return s.pacer.changed(touched.keys, now: DispatchTime.now().uptimeNanoseconds)
    }
    switch decision {
    case .wait: break
    case .sendNow(let uris): announce(uris)
    case .scheduleAt(let time):
      DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: time)) { [self] in
        announce(session.withLock { s in s.pacer.round(now: DispatchTime.now().uptimeNanoseconds) })
      }
    }
  }

  /// `notifications/resources/updated` for each URI, to each subscriber of it.
  func announce(_ uris: [String]) {
    let (subscribed, listens) = session.withLock { s in (s.subscribed, s.listens) }
    for uri in uris {
      if subscribed[uri] != nil {
        outer.send(
          RPCOutgoing.notification("notifications/resources/updated", .object(["uri": .string(uri)])))
      }
      for (id, watched) in listens.sorted(by: { "\($0.key)" < "\($1.key)" }) where watched[uri] != nil {
        outer.send(
          RPCOutgoing.notification(
            "notifications/resources/updated",
            .object(["uri": .string(uri), "_meta": .object([MCPRevision.subscriptionKey: id.json])])))
      }
    }
  }
}
