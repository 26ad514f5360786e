import GalleryCore
import JSONRPC

/// An attached client's side of a connection: the role it chose within what the owner
/// admits, and what `observe` refuses.
extension GalleryServer {
  /// `attach/role`: an attached client, before `initialize`, takes `observe` or `drive`
  /// (nil: the most the owner admits); more than the owner admits is refused, naming the flag.
  func chooseRole(_ p: Params) throws(RPCError) -> JSONValue {
    guard let attachment else {
      throw RPCError.invalidRequest(
        "attach/role is for a client on the attach point; this connection is the core's owner and drives")
    }
    let asked = try p[ServerMethods.Parameter.role]
    guard let wanted = asked.map(AttachRole.init(rawValue:)) ?? attachment.admits else {
      throw RPCError.invalidParams(
        "parameter \"role\": \(asked ?? "") is not a role; the roles are observe and drive")
    }
    guard wanted <= attachment.admits else {
      throw RPCError.invalidRequest(
        "this core admits \(attachment.admits.rawValue) only: its owner admits drive with --admit drive")
    }
    let refusal = session.withLock { s -> String? in
      guard s.phase == .starting else {
        return "attach/role comes before initialize; this client is \(s.role.rawValue)"
      }
      s.role = wanted
      return nil
    }
    if let refusal { throw RPCError.invalidRequest(refusal) }
    return .object(["role": .string(wanted.rawValue), "admits": .string(attachment.admits.rawValue)])
  }

  /// Refuses an action (or a move of the test clock) from an attached client that observes,
  /// and a destructive one (`entry`'s method, given `params`) the owner did not consent to, in the
  /// state's language, as every refusal is.
  func checkDrives(_ entry: MethodEntry? = nil, _ params: RPCParams? = nil) throws(RPCError) {
    guard let attachment else { return }
    let role = session.withLock { $0.role }
    let code: String
    if role == .observe {
      code = "history.observeOnly"
    } else if let entry, !attachment.consentsToDestructive,
      entry.spec.isDestructive(given: Self.memberNames(params))
    {
      code = "history.consentNeeded"
    } else {
      return
    }
    throw RPCError.rejected(Rejection(code).rendered(in: store.state.settings.language))
  }

  /// What `initialize` answers an attached client about itself (null for the owner).
  var attachedCapability: JSONValue {
    guard let attachment else { return .null }
    let role = session.withLock { $0.role }
    return .object(["role": .string(role.rawValue), "admits": .string(attachment.admits.rawValue)])
  }

  /// The members params name (none unless they are an object): what makes a call destructive.
  static func memberNames(_ params: RPCParams?) -> [String] {
    guard case .object(let members)? = params?.value else { return [] }
    return Array(members.keys)
  }
}
