import Foundation
import GalleryCore
import Guarded
import JSONRPC
import RPCServer

#if canImport(Glibc)
  import Glibc
#endif

extension GalleryClient {
  /// A server on a store in this process, spoken to through the same API as a child process:
  /// two pipes and the server on a thread of its own (it ends when the client closes). With a
  /// `testClock`, time stands still until `test/advanceClock` (as `serve --test-clock`).
  public static func inProcess(
    dataDirectory: String, environment: GalleryEnvironment = GalleryEnvironment(),
    options: Store.Options = Store.Options(), testClock: ManualClock? = nil, timeout: Duration = .seconds(60)
  ) throws -> GalleryClient {
    var options = options
    if let testClock {
      options.clock = { testClock.milliseconds }
      options.effectClock = testClock
    }
    let store = try Store(dataDirectory: dataDirectory, environment: environment, options: options)
    let pipes = try ServerPipes()
    let connection = RPCConnection(
      input: pipes.toServer.read, output: pipes.fromServer.write, framing: .ndjson, maxMessageBytes: 16 << 20)
    let server = GalleryServer(
      store: store, connection: connection, logger: Logger(level: .error) { _ in },
      serverVersion: "in-process", maxMessageBytes: 16 << 20, testClock: testClock)
    let status = LockedStatus()
    let (serverInput, serverOutput) = (pipes.toServer.read, pipes.fromServer.write)
    Thread.detachNewThread {
      status.set(server.run())
      _ = (Glibc.close(serverOutput), Glibc.close(serverInput))
    }
    let transport = LineTransport(input: pipes.fromServer.read, output: pipes.toServer.write)
    let seconds = Double(timeout.components.seconds)
    return GalleryClient(transport: transport, timeout: timeout) { status.wait(seconds: seconds) }
  }
}

/// The in-process server's exit status, once it has one.
private final class LockedStatus: Sendable {
  private let status = Guarded<Int32?>(nil)

  func set(_ status: Int32) {
    self.status.change { $0 = status }
  }

  /// The status, waiting at most `seconds` for it (-1 when the server did not end in time).
  func wait(seconds: Double) -> Int32 {
    status.wait(until: Date(timeIntervalSinceNow: seconds)) { $0 } ?? -1
  }
}
