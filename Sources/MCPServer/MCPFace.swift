import Dispatch
import Foundation
import GalleryCore
import JSON
import RPCServer
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-rpc mcp`: the gallery's core spoken to as an MCP server on stdio. The face is a
/// translator in front of the same `GalleryServer` that `serve` runs: the core runs on a thread
/// of its own behind two pipes (newline-delimited JSON-RPC, as any client speaks it), and each
/// tool call, resource read or subscription becomes the core's own request or notification.
/// So every method's parameters, refusals, durability and ordering are the core's, with
/// nothing written per method.
public final class MCPFace: Sendable {
  /// The MCP client's side: stdin and stdout, newline-delimited.
  let outer: RPCConnection
  /// The core's side: the pipes to the in-process server.
  let inner: RPCConnection
  /// The tools, by name, made once (`MCPToolCatalog`).
  let tools: [String: MCPTool]
  /// `tools/list`'s answer, made once.
  let toolList: JSONValue
  let serverVersion: String
  let dataDirectory: String
  /// The most bytes one message to the core may take (the core's `--max-message-bytes`): a
  /// call past it is answered at once, never sent.
  let coreMessageBytes: Int
  /// The most bytes one answer from the core may take here (the core's bound, plus its
  /// envelope): a larger answer is refused to its caller by name (`LeadingID` finds whose).
  let answerBytes: Int
  /// The owner's `--consent destructive`: without it, a call that removes the user's things,
  /// signs out or drops credentials is refused before it reaches the core.
  let consentsToDestructive: Bool
  /// The face's mutable state; the only one.
  let session = Mutex(MCPSessionState())
  /// The pipes' ends this side owns, closed by `run` when it ends.
  private let ownEnds: (fromCore: Int32, toCore: Int32)
  /// Signalled once the core's thread has ended.
  private let coreEnded = DispatchSemaphore(value: 0)
  /// Signalled when, the client gone, the last answer awaited has come.
  private let drained = DispatchSemaphore(value: 0)

  /// Starts the core (`server`, made over the connection given) on its own thread, ready for
  /// `run`. Throws when the pipes cannot be made.
  public init(
    testClock: Bool, serverVersion: String, dataDirectory: String, maxMessageBytes: Int,
    consentsToDestructive: Bool = false, input: Int32 = 0, output: Int32 = 1,
    server: (RPCConnection) -> GalleryServer
  ) throws {
    let pipes = try ServerPipes()
    let coreConnection = RPCConnection(
      input: pipes.toServer.read, output: pipes.fromServer.write, framing: .ndjson,
      maxMessageBytes: maxMessageBytes)
    let core = server(coreConnection)
    outer = RPCConnection(input: input, output: output, framing: .ndjson, maxMessageBytes: maxMessageBytes)
    // The core's answers may be as large as the core allows, plus the envelope.
    coreMessageBytes = maxMessageBytes
    answerBytes = maxMessageBytes + (1 << 20)
    inner = RPCConnection(
      input: pipes.fromServer.read, output: pipes.toServer.write, framing: .ndjson,
      maxMessageBytes: answerBytes)
    ownEnds = (pipes.fromServer.read, pipes.toServer.write)
    let all = MCPToolCatalog.tools(testClock: testClock)
    tools = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    toolList = .array(all.map(\.json))
    self.serverVersion = serverVersion
    self.dataDirectory = dataDirectory
    self.consentsToDestructive = consentsToDestructive
    let (coreInput, coreOutput) = (pipes.toServer.read, pipes.fromServer.write)
    let ended = coreEnded
    // The core's thread: owns its two pipe ends, closed when it ends.
    Thread.detachNewThread {
      _ = core.run()
      _ = (Glibc.close(coreOutput), Glibc.close(coreInput))
      ended.signal()
    }
  }

  /// Serves until the client's input ends, then shuts the core down (its log flushed) and
  /// answers 0, or 1 when the core did not end within 60 s.
  public func run() -> Int32 {
    let readerEnded = DispatchSemaphore(value: 0)
    // The thread reading the core's output: answers and `state/changed`.
    Thread.detachNewThread { [self] in
      inner.run { item in
        switch item {
        case .message(let bytes): fromCore(bytes)
        case .tooLarge(_, let head):
          if case .number(let n)? = LeadingID.find(in: head), let key = Int(exactly: n) {
            answered(key, .failure(.internalError(Self.tooLargeAnswer(limit: answerBytes))))
          } else {
            // A notification too large to read (a `state/changed` of a huge patch): whatever it
            // changed, every subscription hears of it.
            stateChanged(paths: [""])
          }
        case .error: break  // the core writes whole messages, its ids first
        }
        return true
      }
      readerEnded.signal()
    }
    forward("initialize", .object(["clientInfo": .object(["name": .string("gallery-rpc mcp")])])) { _ in }
    inner.send(RPCOutgoing.notification("initialized", .object([:])))
    outer.run { item in
      switch item {
      case .message(let bytes): fromClient(bytes)
      // A framing fault (a line past --max-message-bytes) is -32600, as serve answers it, to
      // the sender's id where the line's first bytes hold it.
      case .error(let text): outer.send(RPCOutgoing.error(.null, .invalidRequest(text)))
      case .tooLarge(let text, let head):
        outer.send(RPCOutgoing.error(LeadingID.find(in: head) ?? .null, .invalidRequest(text)))
      }
      return paceClient()
    }
    // The client is gone: what it asked for is answered first (a read's second step included,
    // at most 60 s), then open streams end gracefully, then the core shuts down and exits.
    let busy = session.withLock { s in
      s.closing = true
      return !s.pending.isEmpty
    }
    if busy { _ = drained.wait(timeout: .now() + 60) }
    let listens = session.withLock { s in
      defer { s.listens.removeAll() }
      return s.listens.keys.sorted { "\($0)" < "\($1)" }
    }
    for id in listens { Reply(id: id, modern: true, outer: outer).result([:]) }
    let shutDown = DispatchSemaphore(value: 0)
    forward("shutdown", nil) { _ in shutDown.signal() }
    _ = shutDown.wait(timeout: .now() + 60)
    inner.send(RPCOutgoing.notification("exit", .object([:])))
    let ended = coreEnded.wait(timeout: .now() + 60) == .success
    _ = readerEnded.wait(timeout: .now() + 10)
    _ = (Glibc.close(ownEnds.fromCore), Glibc.close(ownEnds.toCore))
    _ = outer.flush(within: 5)
    return ended ? 0 : 1
  }

  /// Sends a request to the core; `then` gets its answer (on the core's reader thread). Refused
  /// at once past `MCPSessionState.maxInFlight`.
  func forward(
    _ method: String, _ params: JSONValue?, for client: RPCID? = nil,
    then: @escaping MCPSessionState.Continuation
  ) {
    let id: Int? = session.withLock { s in
      guard s.pending.count < MCPSessionState.maxInFlight else { return nil }
      let id = s.nextID
      s.nextID += 1
      s.pending[id] = then
      if let client { s.forwarded[client] = id }
      return id
    }
    guard let id else {
      then(
        .failure(
          .internalError(
            "at most \(MCPSessionState.maxInFlight) requests wait for the core at once; send fewer")))
      return
    }
    var message: [String: JSONValue] = [
      "jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method),
    ]
    if let params { message["params"] = params }
    let bytes = JSONWriter.bytes(.object(message))
    guard bytes.count <= coreMessageBytes else {
      answered(
        id,
        .failure(
          .invalidRequest(
            "the call is \(bytes.count) bytes as the core reads it, past its limit of \(coreMessageBytes) bytes (--max-message-bytes)"
          )))
      return
    }
    inner.send(encoded: bytes)
  }

  /// Hands the core's answer to `id` to whoever waits for it, freeing its slot.
  func answered(_ id: Int, _ answer: Result<JSONValue, RPCError>) {
    let continuation = session.withLock { s in s.pending.removeValue(forKey: id) }
    continuation?(answer)
    if session.withLock({ s in s.closing && s.pending.isEmpty }) { drained.signal() }
  }

  /// Why an answer did not come: it was larger than the face takes.
  static func tooLargeAnswer(limit: Int) -> String {
    "the core's answer is past the \(limit)-byte limit of one message (--max-message-bytes and its envelope); ask for a narrower part (a pointer, a range)"
  }

  /// The most answers the client may leave unread before the face stops reading its requests.
  static let outboxBytes = 32 << 20
  /// How long the face waits for a client that reads nothing, past `outboxBytes`, before it
  /// disconnects it.
  static let outboxStallSeconds = 30.0

  /// After each message of the client: past `outboxBytes` of unread answers the face reads
  /// nothing more until the client reads them; a client that reads none for
  /// `outboxStallSeconds` is disconnected, with the reason on stderr. Whether to read on.
  func paceClient() -> Bool {
    guard outer.backlogBytes > Self.outboxBytes else { return true }
    if outer.waitForBacklog(atMost: Self.outboxBytes, stall: Self.outboxStallSeconds) { return true }
    DiagnosticOutput.standardError.line(
      "gallery-rpc mcp: the client left \(Self.outboxBytes >> 20) MiB of answers unread for \(Int(Self.outboxStallSeconds)) s; disconnected"
    )
    return false
  }

  /// One message from the core: an answer to what `forward` sent, or a notification.
  func fromCore(_ bytes: [UInt8]) {
    guard case .object(let members)? = try? JSONParser.parse(bytes) else { return }
    if let idValue = members["id"], members["method"] == nil {
      guard let id = idValue.exactInteger.map(Int.init) else { return }
      if let error = members["error"] {
        let code = error["code"]?.exactInteger.map(Int.init) ?? -32603
        let message: String
        if case .string(let text)? = error["message"] { message = text } else { message = "error" }
        answered(id, .failure(RPCError(code: code, message: message, data: error["data"])))
      } else {
        answered(id, .success(members["result"] ?? .null))
      }
      return
    }
    if members["method"] == .string("state/changed"), case .array(let patch)? = members["params"]?["patch"] {
      // A move or copy touches its `from` too.
      stateChanged(
        paths: patch.flatMap { op in
          ["path", "from"].compactMap { key -> String? in
            if case .string(let path)? = op[key] { return path }
            return nil
          }
        })
    }
  }
}
