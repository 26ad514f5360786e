import GalleryCore
import JSON
import JSONRPC

/// The serving loop's one read: its messages handled in order into a `ReadBatch`, then one
/// flush. Group commit lives here: the answers to one read's messages wait for one shared
/// fsync, then go out in order (a failed fsync turns their successes into storage errors).
extension GalleryServer {
  /// Serves the messages of one read, then flushes what they produced; whether to read on.
  func serve(_ items: [FrameDecoder.Item]) -> Bool {
    // Sends queue until the flush, which writes them in one write on this thread.
    connection.cork()
    var batch = ReadBatch(defersSync: store.durability == .fsync)
    if batch.defersSync { coalesceChanges() }
    for item in items {
      switch item {
      case .error(let reason):
        logger.log(.warn, "framing: \(reason)")
        batch.answer(.message(RPCOutgoing.error(.null, .invalidRequest(reason))))
      case .tooLarge(let reason, let head):
        // Answered to its sender's id where its first bytes hold one: a client waits on it.
        logger.log(.warn, "framing: \(reason)")
        batch.answer(.message(RPCOutgoing.error(LeadingID.find(in: head) ?? .null, .invalidRequest(reason))))
      case .message(let bytes):
        handle(bytes, &batch)
      }
      if exitIsRequested { break }
    }
    flush(&batch)
    return !exitIsRequested
  }

  /// The read's one flush, in this order: the patch of the changes it queued, the shared
  /// fsync, its answers (one write, as the connection uncorks), then the work that waited
  /// for them.
  private func flush(_ batch: inout ReadBatch) {
    store.afterPublished { publishCoalesced(andStop: true) }
    sendAnswers(&batch)
    connection.uncork()
    for start in batch.afterAnswers { start() }
  }

  /// Handles one framed message, a single call or a batch, answering into `batch`.
  private func handle(_ bytes: [UInt8], _ batch: inout ReadBatch) {
    defer { if batch.startsPublishing { startPublishing(&batch) } }
    // One message, the usual case: its envelope is read with no tree of the message made.
    // Anything else (a batch, text that is not JSON) is parsed whole, for its members or for
    // the error that says where it went wrong.
    if let envelope = RPCIncoming.envelope(of: bytes) { return answer(envelope, &batch) }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      return batch.answer(.message(RPCOutgoing.error(.null, .parseError("\(error)"))))
    }
    guard case .array(let members) = value else { return answer(RPCIncoming(value), &batch) }
    guard !members.isEmpty else {
      return batch.answer(.message(RPCOutgoing.error(.null, .invalidRequest("an empty batch"))))
    }
    guard members.count <= Self.maxBatch else {
      return batch.answer(
        .message(
          RPCOutgoing.error(
            .null,
            .invalidRequest(
              "a batch of \(members.count) messages is over the limit of \(Self.maxBatch); none was run"))))
    }
    let responses = members.compactMap { dispatch(RPCIncoming($0), inBatch: true, &batch) }
    if !responses.isEmpty { batch.answer(.batch(responses)) }
  }

  /// Dispatches one message that is not in a batch, keeping its answer if it has one.
  private func answer(_ incoming: RPCIncoming, _ batch: inout ReadBatch) {
    if let response = dispatch(incoming, inBatch: false, &batch) { batch.answer(response) }
  }

  /// `state/changed` goes out only once `initialize` is answered (LSP sends nothing before
  /// the initialize result): its answer goes now (after the shared fsync, if any), then the
  /// changes since its baseline as one patch. Under fsync the read's later changes stay
  /// coalesced until its end, as for every read.
  private func startPublishing(_ batch: inout ReadBatch) {
    batch.startsPublishing = false
    sendAnswers(&batch)
    let stop = store.durability != .fsync
    store.afterPublished { publishCoalesced(andStop: stop) }
  }

  /// Sends the answers held so far, after the shared fsync their appends wait for.
  private func sendAnswers(_ batch: inout ReadBatch) {
    guard !batch.hasNoAnswers else { return }
    var failure: RPCError?
    if batch.needsSync {
      batch.needsSync = false
      do { try store.sync() } catch {
        logger.log(.error, "fsync failed: \(error)")
        failure = RPCError.storage("\(error)")
      }
    }
    batch.takeAnswers { answer in connection.send { answer.write(to: &$0, failing: failure) } }
  }

  /// Whether `exit` was received.
  private var exitIsRequested: Bool {
    session.withLock { $0.exitRequested }
  }

  /// A held answer after the shared fsync failed: successes become storage errors (their
  /// events may not be on disk), everything else stays as it was.
  static func failing(_ message: JSONValue, _ failure: RPCError) -> JSONValue {
    switch message {
    case .array(let items): return .array(items.map { failing($0, failure) })
    case .object(let members) where members["result"] != nil:
      return RPCOutgoing.error(members["id"].flatMap(RPCID.init(json:)) ?? .null, failure)
    default: return message
    }
  }
}
