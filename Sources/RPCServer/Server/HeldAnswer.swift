import JSON
import JSONRPC

/// An answer held until its read's flush (`ReadBatch.answer`): a message built as a value
/// (errors, lifecycle and query answers), a success whose result is already written as JSON
/// (an action's: written straight from its outcome, no tree), or a batch of them.
enum HeldAnswer {
  case message(JSONValue)
  case result(RPCID, [UInt8])
  case batch([HeldAnswer])

  /// The message's bytes; `failure` turns every success into that error (the read's shared
  /// fsync failed: their events may not be on disk), leaving errors as they were.
  func bytes(failing failure: RPCError? = nil) -> [UInt8] {
    JSONOutput.bytes { write(to: &$0, failing: failure) }
  }

  /// Appends the message's bytes to `out` (see `bytes(failing:)`).
  func write(to out: inout JSONOutput, failing failure: RPCError?) {
    switch self {
    case .message(let message):
      JSONWriter.write(failure.map { GalleryServer.failing(message, $0) } ?? message, to: &out)
    case .result(let id, let result):
      if let failure {
        JSONWriter.write(RPCOutgoing.error(id, failure), to: &out)
      } else {
        RPCOutgoing.writeResult(id, encoded: result, to: &out)
      }
    case .batch(let answers):
      out.append(UInt8(ascii: "["))
      for (i, answer) in answers.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        answer.write(to: &out, failing: failure)
      }
      out.append(UInt8(ascii: "]"))
    }
  }
}
