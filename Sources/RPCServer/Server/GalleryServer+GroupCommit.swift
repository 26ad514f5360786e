import GalleryCore

/// Group commit: the answers to one read's messages wait for one shared fsync, then go out
/// in order (a failed fsync turns their successes into storage errors).
extension GalleryServer {
  /// Answers now, or once the shared fsync of the current read is done.
  func reply(_ message: JSONValue) {
    if holding {
      held.append(message)
    } else {
      connection.send(message)
    }
  }

  func releaseHeld() {
    holding = false
    guard !held.isEmpty else { return }
    let answers = held
    held = []
    var failure: RPCError?
    if heldAppends {
      heldAppends = false
      do { try store.sync() } catch {
        logger.log(.error, "fsync failed: \(error)")
        failure = RPCError.storage("\(error)")
      }
    }
    for message in answers { connection.send(failure.map { Self.failing(message, $0) } ?? message) }
  }

  /// Runs what waited for the answers of the last read to be written (see `afterAnswers`).
  func startAfterAnswers() {
    guard !afterAnswers.isEmpty else { return }
    let work = afterAnswers
    afterAnswers = []
    for start in work { start() }
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
