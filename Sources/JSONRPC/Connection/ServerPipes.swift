import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The two pipes between a client and a server in one process (the in-process Swift client,
/// the MCP face and their cores): the client writes `toServer.write` and reads
/// `fromServer.read`; the server the other two. Whoever takes an end closes it.
public struct ServerPipes: Sendable {
  public let toServer: (read: Int32, write: Int32)
  public let fromServer: (read: Int32, write: Int32)

  /// Makes both pipes, or neither (POSIX `EMFILE` when the process is out of descriptors).
  public init() throws {
    var to: [Int32] = [0, 0]
    var from: [Int32] = [0, 0]
    guard pipe(&to) == 0 else { throw POSIXError(.EMFILE) }
    guard pipe(&from) == 0 else {
      _ = (close(to[0]), close(to[1]))
      throw POSIXError(.EMFILE)
    }
    toServer = (to[0], to[1])
    fromServer = (from[0], from[1])
  }
}
