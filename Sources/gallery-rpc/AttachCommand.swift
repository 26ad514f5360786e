import Foundation
import JSON
import JSONRPC
import RPCServer

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-rpc attach [--data-dir DIR] [--drive]`: stdin and stdout joined to the attach
/// point of the core serving DIR, so any stdio client (a typed client, pygls, the Neovim
/// plugin, a test script) speaks to the session the user has open, in either framing, with
/// no change. `--drive` asks for the drive role first (`attach/role`, in the client's own
/// framing); without it the client observes. `gallery-rpc serve --attach [--drive]` is the
/// same, for a client that can only add arguments to `serve` (the typed clients start
/// `serve --framing ndjson`): there `--framing` and `--log-level` are taken and left to the
/// core, which detects the framing itself.
enum AttachCommand {
  static func run(_ arguments: [String]) -> Int32 {
    var directory: String?
    var drive = false
    var rest = arguments[...]
    while let arg = rest.popFirst() {
      switch arg {
      case "--drive": drive = true
      case "--attach": break
      case "--framing", "--log-level":
        guard rest.popFirst() != nil else { return usage("\(arg) needs a value") }
      case "--data-dir":
        guard let value = rest.popFirst() else { return usage("--data-dir needs a directory") }
        directory = value
      default:
        if arg.hasPrefix("--data-dir=") {
          directory = String(arg.dropFirst("--data-dir=".count))
        } else {
          return usage("unknown option \(String(reflecting: arg))")
        }
      }
    }
    let environment = ProcessInfo.processInfo.environment
    let dataDirectory =
      directory ?? environment["GALLERY_DATA_DIR"] ?? ServerConfiguration.defaultDataDirectory(environment)
    signal(SIGPIPE, SIG_IGN)
    let path = AttachPoint.path(in: dataDirectory)
    let socket: Int32
    do {
      socket = try UnixSocket.connect(to: path)
    } catch {
      printError(
        error.nothingListens
          ? "gallery-rpc attach: no live core serves \(dataDirectory) (nothing listens at \(path)); start one with gallery-rpc serve --data-dir \(dataDirectory)"
          : "gallery-rpc attach: cannot reach \(path): \(error)")
      return 2
    }
    var first: [UInt8] = []
    if drive {
      // The role is asked in the framing the client speaks, so its first bytes come first.
      first = readSome(0)
      guard !first.isEmpty else { return 0 }
      let framing: Framing =
        first.first { ![0x20, 0x09, 0x0D, 0x0A].contains($0) } == UInt8(ascii: "C") ? .lsp : .ndjson
      if let refusal = askToDrive(socket, framing: framing) {
        printError("gallery-rpc attach: \(refusal)")
        return 2
      }
    }
    guard writeAll(socket, first) else { return coreEnded("the connection closed") }
    var ended: String?
    // The client's side: its bytes go on as they come; its end is the session's end.
    Thread.detachNewThread {
      while true {
        let bytes = readSome(0)
        if bytes.isEmpty || !writeAll(socket, bytes) { break }
      }
      shutdown(socket, Int32(SHUT_WR))
    }
    // The core's side: passed on as it comes; `attach/ended` says the core ended the session.
    var decoder = FrameDecoder(choice: .auto, maxMessageBytes: 1 << 30)
    while true {
      let bytes = readSome(socket)
      if bytes.isEmpty || !writeAll(1, bytes) { break }
      if let reason = endedReason(in: bytes, decoder: &decoder) { ended = reason }
    }
    // The connection closed after the client's `exit` (or its input's end), unless the core
    // said it ended the session (it says so only when the client did not: its owner stopped,
    // the client fell behind, or it was not admitted).
    if let ended { return coreEnded(ended) }
    return 0
  }

  /// The reason of an `attach/ended` among the messages `bytes` complete, if any.
  private static func endedReason(in bytes: [UInt8], decoder: inout FrameDecoder) -> String? {
    var reason: String?
    for case .message(let body) in decoder.feed(bytes) where body.count < 4096 {
      if let message = try? JSONParser.parse(body), message["method"] == .string("attach/ended"),
        case .string(let text)? = message["params"]?["reason"]
      {
        reason = text
      }
    }
    return reason
  }

  /// Sends `attach/role` asking for drive and reads its answer; the refusal's text, or nil.
  private static func askToDrive(_ socket: Int32, framing: Framing) -> String? {
    var request: [UInt8] = []
    framing.append(
      JSONWriter.bytes(
        .object([
          "jsonrpc": .string("2.0"), "id": .string("gallery-rpc attach"), "method": .string("attach/role"),
          "params": .object(["role": .string("drive")]),
        ])), to: &request)
    guard writeAll(socket, request) else { return "the core closed the connection" }
    var decoder = FrameDecoder(choice: framing == .lsp ? .lsp : .ndjson, maxMessageBytes: 1 << 20)
    while true {
      let bytes = readSome(socket)
      guard !bytes.isEmpty else { return "the core closed the connection before answering" }
      for case .message(let body) in decoder.feed(bytes) {
        guard let answer = try? JSONParser.parse(body) else { continue }
        if case .string(let text)? = answer["error"]?["message"] { return text }
        if answer["method"] == .string("attach/ended"), case .string(let why)? = answer["params"]?["reason"] {
          return why
        }
        if answer["result"] != nil { return nil }
      }
    }
  }

  /// The core went first: said on stderr, status 1.
  private static func coreEnded(_ reason: String) -> Int32 {
    printError("gallery-rpc attach: the core ended this session: \(reason)")
    return 1
  }

  private static func usage(_ problem: String) -> Int32 {
    printError("gallery-rpc attach: \(problem)\nusage: gallery-rpc attach [--data-dir DIR] [--drive]")
    return 2
  }

  /// One read's bytes (empty at the end or on an error).
  private static func readSome(_ fd: Int32) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      return n > 0 ? Array(buffer[..<n]) : []
    }
  }

  /// Writes every byte; false once the other end is gone.
  private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }
}
