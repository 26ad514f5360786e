import GalleryCore

/// State publishing: every new state becomes a `state/changed` patch from the last one sent
/// (coalesced per read under `--durability fsync`), and `state/get` is answered in order
/// with those patches.
extension GalleryServer {
  /// Called by the store after every append, in version order, outside its lock.
  func publish(_ change: Store.StateChange) {
    let from = change.version - UInt64(change.events.count)
    // The work watched is read here, with the rest (`watch` cannot add while a change is
    // delivered: both run inside the store's delivery).
    let (previous, watched) = session.withLock { s -> (Store.StateChange?, [WatchedWork]) in
      if s.coalescing {
        s.coalesced = (change, s.coalesced?.from ?? from)
        return (nil, s.watchedWork)
      }
      defer { s.baseline = change }
      return (s.baseline, s.watchedWork)
    }
    if let previous { send(from: from, previous, change) }
    reportWork(change, watched)
  }

  /// From now until the read's flush, changes fold into one `state/changed`.
  func coalesceChanges() {
    session.withLock { $0.coalescing = true }
  }

  func setBaseline(_ state: AppState) {
    session.withLock { $0.baseline = Store.StateChange(version: 0, state: state, events: []) }
  }

  /// Publishes what was coalesced so far as one `state/changed`; call inside
  /// `store.afterPublished` (or `withPublishedState`) so no later change can overtake it.
  func publishCoalesced(andStop stop: Bool) {
    let due = session.withLock {
      s -> (previous: Store.StateChange, change: Store.StateChange, from: UInt64)? in
      if stop { s.coalescing = false }
      guard let (change, from) = s.coalesced.take() else { return nil }
      defer { s.baseline = change }
      return (s.baseline, change, from)
    }
    if let due { send(from: due.from, due.previous, due.change) }
  }

  /// Sends the patch from `previous`'s state to `change`'s.
  func send(from: UInt64, _ previous: Store.StateChange, _ change: Store.StateChange) {
    let patch: [JSONPatch.Operation]
    do {
      patch = try change.patch(from: previous)
    } catch {
      logger.log(.error, "could not encode state \(change.version): \(error)")
      return
    }
    connection.send { Self.writeStateChanged(from: from, version: change.version, patch: patch, to: &$0) }
  }

  /// `state/changed`'s bytes, written straight from the operations (no tree): what
  /// `RPCOutgoing.notification("state/changed", {"fromVersion", "patch", "version"})` writes.
  static func stateChanged(from: UInt64, version: UInt64, patch: [JSONPatch.Operation]) -> [UInt8] {
    JSONOutput.bytes(capacity: 140 + patch.count * 64) {
      writeStateChanged(from: from, version: version, patch: patch, to: &$0)
    }
  }

  /// Appends `stateChanged`'s bytes to `out`.
  static func writeStateChanged(
    from: UInt64, version: UInt64, patch: [JSONPatch.Operation], to out: inout JSONOutput
  ) {
    JSONWriter.raw(#"{"jsonrpc":"2.0","method":"state/changed","params":{"fromVersion":"#, to: &out)
    JSONWriter.writeInteger(Int64(clamping: from), to: &out)
    JSONWriter.raw(#","patch":"#, to: &out)
    JSONPatch.write(patch, to: &out)
    JSONWriter.raw(#","version":"#, to: &out)
    JSONWriter.writeInteger(Int64(clamping: version), to: &out)
    JSONWriter.raw(#"}}"#, to: &out)
  }

  /// A query (`state/get` and any `MethodSpec.read`), answered inside
  /// `store.withPublishedState`: every `state/changed` up to its version is sent before this
  /// answer and none after it is (a client then applies exactly the patches after it).
  func read(
    _ id: RPCID, _ spec: MethodSpec, _ params: RPCParams?,
    _ answer: @Sendable (Params, PublishedState) throws(RPCError) -> JSONValue, send: Bool
  ) throws(RPCError) -> JSONValue? {
    let p = try Params(params, allowed: spec.paramNames)
    do {
      return try store.withPublishedState { version, state in
        // The answer's version must not run ahead of the patches the client has.
        publishCoalesced(andStop: false)
        let reply = RPCOutgoing.result(id, try answer(p, PublishedState(version: version, state: state)))
        if send { connection.send(reply) }
        return send ? nil : reply
      }
    } catch let error as RPCError {
      throw error
    } catch {
      throw RPCError.internalError("\(error)")
    }
  }

  /// The value at `pointer` (RFC 6901) in `state`'s view; a pointer to nothing is -32602.
  static func value(at pointer: String, in state: AppState) throws(RPCError) -> JSONValue {
    do {
      return try state.value(at: pointer)
    } catch let failure as JSONPointer.Failure {
      throw RPCError.invalidParams(failure.description)
    } catch {
      throw RPCError.internalError("state encoding: \(error)")
    }
  }
}
