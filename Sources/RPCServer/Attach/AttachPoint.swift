import Dispatch
import Foundation
import GalleryCore
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The live core's door for other faces: a Unix-domain socket in the data directory
/// (`attach.sock`, 0600 in the 0700 directory) where an inspector, an assistant or a test
/// attaches to the session the owner's frontend has open. Each client is its own connection
/// (its own subscriptions, progress and `state/changed` stream) served by its own
/// `GalleryServer` over the one store, so every request of every client enters the store's
/// one order. Only the same user may attach (the peer's credentials are checked).
///
/// Owner and bound of what it makes: the socket file is the attach point's, removed by
/// `close` (and replaced at the next start when a crash left it); at most `maxClients`
/// connections, each with at most `outboxBytes` unread before it is closed with a reason.
public final class AttachPoint: Sendable {
  /// The socket's name in the data directory.
  public static let fileName = "attach.sock"
  /// The most clients attached at once; one more is told so and closed.
  public static let maxClients = 8
  /// The most bytes that may wait for an attached client that does not read; past it the
  /// client is told why and disconnected, and nothing it did slows the owner.
  public static let outboxBytes = 4 << 20
  /// How long one write to an attached client may block before it fails.
  static let writeSeconds = 2

  /// The socket's path for a data directory.
  public static func path(in dataDirectory: String) -> String { dataDirectory + "/" + fileName }

  /// What is attached, and whether the point still admits anyone.
  private struct Clients {
    var live: [Int32: RPCConnection] = [:]
    var closing = false
  }

  let path: String
  let listener: Int32
  /// What every client here may take at most (the owner's `--admit` and `--consent`).
  let attachment: Attachment
  let logger: Logger
  /// The most bytes one message from a client may take (the owner's `--max-message-bytes`).
  let maxMessageBytes: Int
  /// Makes the server of one attached connection (over the owner's store, clock and bounds).
  let serve: @Sendable (RPCConnection, Attachment) -> GalleryServer
  private let clients = Mutex(Clients())
  /// The accept thread and every client's thread, so `close` waits for them (bounded).
  private let threads = DispatchGroup()

  /// Listens at `path(in: dataDirectory)`, admitting at most `attachment`; `serve` makes each
  /// client's server. Throws when the socket cannot be made (the owner serves on without it).
  public init(
    dataDirectory: String, attachment: Attachment, maxMessageBytes: Int, logger: Logger,
    serve: @escaping @Sendable (RPCConnection, Attachment) -> GalleryServer
  ) throws {
    path = Self.path(in: dataDirectory)
    listener = try UnixSocket.listen(at: path)
    self.attachment = attachment
    self.maxMessageBytes = maxMessageBytes
    self.logger = logger
    self.serve = serve
    threads.enter()
    let thread = Thread { [self] in
      acceptLoop()
      threads.leave()
    }
    thread.name = "gallery-rpc.attach"
    thread.start()
    logger.log(
      .info,
      "attach point \(path) (admits \(attachment.admits.rawValue)\(attachment.consentsToDestructive ? ", consents to destructive calls" : ""), at most \(Self.maxClients) clients)"
    )
  }

  /// Takes each connection until `close` shuts the socket down.
  private func acceptLoop() {
    while true {
      let fd = accept(listener, nil, nil)
      if fd < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      // Not inherited by a child the core starts (a provider's helper).
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      admit(fd)
    }
  }

  /// Serves `fd` on a thread of its own, or closes it: another user's, or one too many.
  private func admit(_ fd: Int32) {
    UnixSocket.boundWrites(of: fd, seconds: Self.writeSeconds)
    guard let peer = UnixSocket.peerUser(of: fd), peer == geteuid() else {
      logger.log(.warn, "attach: refused a connection from another user")
      return refuse(fd, "only the user who started this core may attach to it")
    }
    let connection = RPCConnection(
      input: fd, output: fd, framing: .auto, maxMessageBytes: maxMessageBytes,
      backlogBound: .init(
        bytes: Self.outboxBytes,
        farewell: { dropped in
          Self.ended(
            "this client left more than \(Self.outboxBytes) bytes unread (\(dropped) were waiting); it is disconnected so the app is not slowed"
          )
        },
        passed: { [logger] in
          logger.log(.warn, "attach: a client stopped reading; disconnected")
          shutdown(fd, Int32(SHUT_RD))
        }))
    let refusal = clients.withLock { c -> String? in
      if c.closing { return "the core is stopping" }
      if c.live.count >= Self.maxClients {
        return "\(Self.maxClients) clients are attached already, the most this core admits"
      }
      c.live[fd] = connection
      return nil
    }
    if let refusal {
      logger.log(.warn, "attach: refused a client: \(refusal)")
      return refuse(fd, refusal)
    }
    logger.log(.info, "attach: a client attached (\(clients.withLock { $0.live.count }) now)")
    let server = serve(connection, attachment)
    threads.enter()
    let thread = Thread { [self] in
      _ = server.run()
      end(fd, connection)
      threads.leave()
    }
    thread.name = "gallery-rpc.attached"
    thread.start()
  }

  /// Tells a client it is not admitted, and why (one line, written without waiting: the
  /// socket's buffer is empty), then closes it. Nothing of the session is read or sent.
  private func refuse(_ fd: Int32, _ reason: String) {
    var bytes = Self.ended(reason)
    bytes.append(0x0A)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    Glibc.close(fd)
  }

  /// After a client's server ended: its place freed, its socket shut (a blocked write fails at
  /// once), its writer stopped, then the descriptor closed.
  private func end(_ fd: Int32, _ connection: RPCConnection) {
    // Its place is free before the client can see the end, so it may attach again at once.
    let left = clients.withLock { c -> Int in
      c.live[fd] = nil
      return c.live.count
    }
    shutdown(fd, Int32(SHUT_RDWR))
    connection.stopWriter(within: Double(Self.writeSeconds) + 1)
    Glibc.close(fd)
    logger.log(.info, "attach: a client left (\(left) attached)")
  }

  /// `attach/ended`'s bytes: why a client's session ends.
  static func ended(_ reason: String) -> [UInt8] {
    JSONWriter.bytes(RPCOutgoing.notification("attach/ended", .object(["reason": .string(reason)])))
  }

  /// Admits no one more, tells every attached client why its session ends, and waits (at
  /// most `seconds`) for their connections to close; the socket file is removed.
  public func close(reason: String, within seconds: Double = 10) {
    let live = clients.withLock { c -> [(Int32, RPCConnection)] in
      c.closing = true
      // Under the lock: a connection's descriptor is closed only after it leaves `live`.
      for (fd, connection) in c.live {
        connection.send(encoded: Self.ended(reason))
        shutdown(fd, Int32(SHUT_RD))
      }
      return Array(c.live)
    }
    shutdown(listener, Int32(SHUT_RDWR))
    unlink(path)
    if threads.wait(timeout: .now() + seconds) == .timedOut {
      logger.log(.warn, "attach: \(live.count) clients had not closed after \(seconds) s")
    }
    Glibc.close(listener)
  }
}
