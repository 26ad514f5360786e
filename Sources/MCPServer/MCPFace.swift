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
  /// The tools, by name, and `tools/list`'s answer, made once for a core with and without
  /// the test clock (`MCPToolCatalog`); which one applies is known once the core answered
  /// `initialize` (`MCPSessionState.testClock`).
  let toolSets: [Bool: (byName: [String: MCPTool], list: JSONValue)]
  /// Whether the core is another process's, reached at its attach point: the face is then one
  /// of its clients, with the role its owner admits, and the owner's consent is the core's to
  /// check.
  let isAttached: Bool
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
  /// The descriptors this side owns, closed by `run` when it ends: the pipes' ends, or the
  /// attach point's socket (twice the same, closed once).
  private let ownEnds: (fromCore: Int32, toCore: Int32)
  /// Signalled once the core's side has ended (its thread, or the socket closed).
  private let coreEnded = DispatchSemaphore(value: 0)
  /// Signalled when, the client gone, the last answer awaited has come.
  private let drained = DispatchSemaphore(value: 0)

  /// Where the face's core is.
  public enum Core {
    /// A core this process serves, made over the face's pipe (`server`) and run on a thread of
    /// its own; `beforeClosing` runs as it ends (the owner's attach point closes there).
    case inProcess(
      testClock: Bool, server: (RPCConnection) -> GalleryServer, beforeClosing: @Sendable () -> Void)
    /// A live core another process owns, reached at its attach point: a connected socket,
    /// which the face closes.
    case attached(socket: Int32)
  }

  /// Starts the face over `core`, ready for `run`; `allTools` lists every method as a tool
  /// (the aliases and the frontend's plumbing too). Throws when the pipes cannot be made.
  public init(
    core: Core, serverVersion: String, dataDirectory: String, maxMessageBytes: Int,
    consentsToDestructive: Bool = false, allTools: Bool = false, input: Int32 = 0, output: Int32 = 1
  ) throws {
    outer = RPCConnection(input: input, output: output, framing: .ndjson, maxMessageBytes: maxMessageBytes)
    // The core's answers may be as large as the core allows, plus the envelope.
    coreMessageBytes = maxMessageBytes
    answerBytes = maxMessageBytes + (1 << 20)
    toolSets = Dictionary(
      uniqueKeysWithValues: [false, true].map { testClock in
        let all = MCPToolCatalog.tools(testClock: testClock, all: allTools)
        return (
          testClock, (Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) }), .array(all.map(\.json)))
        )
      })
    self.serverVersion = serverVersion
    self.dataDirectory = dataDirectory
    switch core {
    case .attached(let socket):
      isAttached = true
      // The core checks its owner's consent for an attached client.
      self.consentsToDestructive = true
      inner = RPCConnection(input: socket, output: socket, framing: .ndjson, maxMessageBytes: answerBytes)
      ownEnds = (socket, socket)
    case .inProcess(let testClock, let server, let beforeClosing):
      isAttached = false
      self.consentsToDestructive = consentsToDestructive
      session.withLock { $0.testClock = testClock }
      let pipes = try ServerPipes()
      let coreConnection = RPCConnection(
        input: pipes.toServer.read, output: pipes.fromServer.write, framing: .ndjson,
        maxMessageBytes: maxMessageBytes)
      let core = server(coreConnection)
      inner = RPCConnection(
        input: pipes.fromServer.read, output: pipes.toServer.write, framing: .ndjson,
        maxMessageBytes: answerBytes)
      ownEnds = (pipes.fromServer.read, pipes.toServer.write)
      let (coreInput, coreOutput) = (pipes.toServer.read, pipes.fromServer.write)
      let ended = coreEnded
      // The core's thread: owns its two pipe ends, closed when it ends.
      Thread.detachNewThread {
        _ = core.run(beforeClosing: beforeClosing)
        _ = (Glibc.close(coreOutput), Glibc.close(coreInput))
        ended.signal()
      }
    }
  }

  /// The tools of the core the face speaks to, by name.
  var tools: [String: MCPTool] { toolSets[session.withLock { $0.testClock }]!.byName }
  /// `tools/list`'s answer for that core.
  var toolList: JSONValue { toolSets[session.withLock { $0.testClock }]!.list }

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
      if isAttached { coreGone() }
    }
    let initialized = DispatchSemaphore(value: 0)
    // On the attach point, first the most the owner admits (observe unless --admit drive).
    if isAttached { forward("attach/role", nil) { _ in } }
    forward("initialize", .object(["clientInfo": .object(["name": .string("gallery-rpc mcp")])])) {
      [self] answer in
      if case .success(let result) = answer, case .bool(let testClock)? = result["capabilities"]?["testClock"]
      {
        session.withLock { $0.testClock = testClock }
      }
      initialized.signal()
    }
    inner.send(RPCOutgoing.notification("initialized", .object([:])))
    // The tools depend on the core's clock: the client is read once the core said which.
    _ = initialized.wait(timeout: .now() + 30)
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
    _ = Glibc.close(ownEnds.fromCore)
    if ownEnds.toCore != ownEnds.fromCore { _ = Glibc.close(ownEnds.toCore) }
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

  /// On the attach point, the core closed the connection. If the client is still here, the
  /// session it sees is over: what waits for the core is answered with why, the client is told
  /// (a log message), and the process ends (status 0: the owner ended the session).
  private func coreGone() {
    coreEnded.signal()
    let (closing, reason, waiting) = session.withLock { s in
      defer { s.pending.removeAll() }
      return (s.closing, s.endedReason ?? "the connection to it closed", Array(s.pending.values))
    }
    guard !closing else { return }
    let why = "the app's core ended this session: \(reason)"
    for continuation in waiting { continuation(.failure(.internalError(why))) }
    outer.send(
      RPCOutgoing.notification(
        "notifications/message",
        .object(["level": .string("warning"), "logger": .string("gallery-rpc"), "data": .string(why)])))
    _ = outer.flush(within: 5)
    DiagnosticOutput.standardError.line("gallery-rpc mcp: \(why)")
    exit(0)
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
    if members["method"] == .string("attach/ended"), case .string(let reason)? = members["params"]?["reason"]
    {
      session.withLock { $0.endedReason = reason }
      return
    }
    if members["method"] == .string("state/changed"), case .array(let patch)? = members["params"]?["patch"] {
      record(patch)
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
