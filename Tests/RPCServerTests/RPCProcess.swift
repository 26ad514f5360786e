import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The built `gallery-rpc` binary, spoken to over pipes as any frontend would.
final class RPCProcess: RPCPeer {
  let process = Process()
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  let framing: Framing
  private var messages: PolledMessages
  private var nextID = 1
  let dataDirectory: TemporaryDirectory
  private let ended = DispatchSemaphore(value: 0)
  /// Set once `finish` waited for the child (which may have reaped it: Foundation would still
  /// think it runs).
  private var reaped = false

  static var binary: URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for c in candidates
    where FileManager.default.fileExists(atPath: c.appendingPathComponent("gallery-rpc").path) {
      return c.appendingPathComponent("gallery-rpc")
    }
    return candidates[0].appendingPathComponent("gallery-rpc")
  }

  init(
    command: String = "serve", framing: Framing = .ndjson, forceFraming: Bool = false, extra: [String] = [],
    environment: [String: String] = [:], umask: String? = nil,
    dataDirectory: TemporaryDirectory = TemporaryDirectory()
  ) throws {
    self.framing = framing
    self.dataDirectory = dataDirectory
    messages = PolledMessages(
      decoder: FrameDecoder(choice: forceFraming ? (framing == .lsp ? .lsp : .ndjson) : .auto))
    process.executableURL = Self.binary
    process.arguments =
      [command, "--data-dir", dataDirectory.path, "--durability", "none"]
      + (forceFraming ? ["--framing", framing.rawValue] : []) + extra
    if let umask {
      // Through a shell that sets the umask and then becomes the server.
      process.arguments = ["-c", "umask \(umask); exec \"$0\" \"$@\"", Self.binary.path] + process.arguments!
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
    }
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    process.terminationHandler = { [ended] _ in ended.signal() }
    try process.run()
  }

  deinit {
    guard process.isRunning, !reaped else { return }
    // End of input first: the server exits on its own (and writes its coverage profile, which
    // a signal would lose); only one that does not within 10 s is terminated.
    try? stdin.fileHandleForWriting.close()
    if ended.wait(timeout: .now() + 10) == .timedOut {
      process.terminate()
      _ = process.exitStatus(within: 10)
    }
  }

  /// Writes raw bytes.
  func write(_ bytes: [UInt8]) {
    stdin.fileHandleForWriting.write(Data(bytes))
  }

  /// Writes one message in this process's framing.
  func send(_ json: String) { write(framing.frame(Array(json.utf8))) }

  func takeID() -> Int {
    defer { nextID += 1 }
    return nextID
  }

  /// How long `next()` waits for a message before failing the test (a hung server must not
  /// hang the suite).
  var patience: Int32 {
    get { messages.patience }
    set { messages.patience = newValue }
  }

  /// The next message the server sent; nil when stdout closes or nothing came within `patience` ms.
  func next() -> JSONValue? {
    messages.next(from: stdout.fileHandleForReading.fileDescriptor) { bytes in
      if let trace = ProcessInfo.processInfo.environment["RPC_TRACE"],
        let h = FileHandle(forWritingAtPath: trace)
      {
        h.seekToEndOfFile()
        h.write(Data(bytes.prefix(300) + [0x0A]))
      }
    }
  }

  /// Closes stdin and waits, at most 60 s (`Process.exitStatus`): the exit status, or -1 and
  /// a failure when the server did not exit.
  func finish() -> Int32 {
    stdin.fileHandleForWriting.closeFile()
    reaped = true
    guard let status = process.exitStatus(within: 60) else {
      XCTFail("the server did not exit within 60 s of the end of its input")
      return -1
    }
    return status
  }

  /// `shutdown`, then `exit`, then the exit status (`finish`).
  func stop() -> Int32 {
    call("shutdown")
    notify("exit")
    return finish()
  }

  var errorOutput: String {
    String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}

extension JSONValue {
  var int: Int? {
    if case .number(let n) = self { return Int(n) }
    return nil
  }
  var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }
  var array: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
