import Foundation
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A `GalleryServer` run on a thread of the test process, spoken to over a pair of pipes:
/// the same bytes as the binary gets, without starting a process (and counted in the test
/// bundle's coverage). Every read waits at most `patience` milliseconds.
final class InProcessServer: RPCPeer, @unchecked Sendable {
  let store: Store
  let dataDirectory: TemporaryDirectory
  let framing: Framing
  private let toServer: (read: Int32, write: Int32)
  private let fromServer: (read: Int32, write: Int32)
  private var decoder = FrameDecoder()
  private var pending: [JSONValue] = []
  private var nextID = 1
  private let ended = DispatchSemaphore(value: 0)
  private let status = Locked<Int32?>(nil)
  let logged = Locked<[String]>([])
  var patience: Int32 = 30_000

  init(
    framing: Framing = .ndjson, options: Store.Options = Store.Options(durability: .none),
    environment: GalleryEnvironment = GalleryEnvironment(),
    dataDirectory: TemporaryDirectory = TemporaryDirectory(), testClock: ManualClock? = nil
  ) throws {
    self.framing = framing
    self.dataDirectory = dataDirectory
    var options = options
    let logged = self.logged
    // What the binary writes to stderr: the server's log and the store's diagnostics.
    options.diagnostics = { line in logged.mutate { $0.append(line) } }
    if let testClock {
      options.clock = { testClock.milliseconds }
      options.effectClock = testClock
    }
    store = try Store(dataDirectory: dataDirectory.path, environment: environment, options: options)
    var a: [Int32] = [0, 0]
    var b: [Int32] = [0, 0]
    guard pipe(&a) == 0, pipe(&b) == 0 else { throw POSIXError(.EMFILE) }
    toServer = (a[0], a[1])
    fromServer = (b[0], b[1])
    let connection = RPCConnection(
      input: toServer.read, output: fromServer.write, framing: .auto, maxMessageBytes: 16 << 20)
    let server = GalleryServer(
      store: store, connection: connection,
      logger: Logger(level: .debug) { line in logged.mutate { $0.append(line) } },
      serverVersion: "test", maxMessageBytes: 16 << 20, testClock: testClock)
    let (status, ended, output) = (self.status, self.ended, fromServer.write)
    Thread.detachNewThread {
      let code = server.run()
      status.mutate { $0 = code }
      close(output)
      ended.signal()
    }
  }

  deinit {
    close(toServer.write)
    _ = ended.wait(timeout: .now() + 10)
    close(toServer.read)
    close(fromServer.read)
  }

  /// Everything the server logged (the binary's stderr).
  var errorOutput: String { logged.value.joined(separator: "\n") }

  /// Writes raw bytes.
  func write(_ bytes: [UInt8]) {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { Glibc.write(toServer.write, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      done += n
    }
  }

  func send(_ json: String) { write(framing.frame(Array(json.utf8))) }

  func takeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// The next message; nil when the server closed its output or sent nothing in time.
  func next() -> JSONValue? {
    while pending.isEmpty {
      var poller = pollfd(fd: fromServer.read, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, patience)
      if ready == 0 {
        XCTFail("the server sent nothing within \(patience) ms")
        return nil
      }
      if ready < 0 { if errno == EINTR { continue } else { return nil } }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let n = read(fromServer.read, &chunk, chunk.count)
      if n < 0, errno == EINTR { continue }
      if n <= 0 { return nil }
      for item in decoder.feed(chunk[0..<n]) {
        guard case .message(let bytes) = item, let value = try? JSONParser.parse(bytes) else {
          XCTFail("not a frame of JSON: \(item)")
          continue
        }
        pending.append(value)
      }
    }
    return pending.removeFirst()
  }

  /// Closes the server's input; its exit status once it has stopped (nil if it did not in 10 s).
  func finish() -> Int32? {
    close(toServer.write)
    guard ended.wait(timeout: .now() + 10) == .success else { return nil }
    ended.signal()
    return status.value
  }
}

extension InProcessServer {
  /// A core that shows the offline copy: a new data directory holding only `from`'s saved
  /// first page (and its image cache), declared offline before the app starts without
  /// sign-in, so its first load fails with nothing live shown.
  static func showingOfflineCopy(of from: TemporaryDirectory) throws -> InProcessServer {
    let dir = TemporaryDirectory()
    for name in ["offline-feed.json", "cache"]
    where FileManager.default.fileExists(atPath: from.path + "/" + name) {
      try FileManager.default.copyItem(atPath: from.path + "/" + name, toPath: dir.path + "/" + name)
    }
    let offline = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(), options: .init(durability: .none))
    try offline.send(.feed(.setConnectivity(online: false)))
    try offline.close()
    let p = try InProcessServer(dataDirectory: dir)
    _ = p.call("initialize", #"{"initializationOptions":{"signIn":"none"}}"#)
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    return p
  }
}
