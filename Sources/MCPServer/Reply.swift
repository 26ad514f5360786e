import JSON
import RPCServer

/// Where one request's answer goes, in the era it was asked in: a 2026-07-28 result says it is
/// complete and not to be cached (`resultType`, `cacheScope`, `ttlMs`).
struct Reply: Sendable {
  let id: RPCID
  let modern: Bool
  let outer: RPCConnection

  func result(_ members: [String: JSONValue]) {
    var members = members
    if modern {
      members["resultType"] = .string("complete")
      members["cacheScope"] = .string("private")
      members["ttlMs"] = .number(0)
    }
    outer.send(RPCOutgoing.result(id, .object(members)))
  }

  func result(_ value: JSONValue) {
    guard case .object(let members) = value else { return outer.send(RPCOutgoing.result(id, value)) }
    result(members)
  }

  func error(_ error: RPCError) {
    outer.send(RPCOutgoing.error(id, error))
  }
}
