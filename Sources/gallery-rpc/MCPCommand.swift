import Foundation
import GalleryCore
import JSONRPC
import MCPServer
import RPCServer

/// `gallery-rpc mcp [serve options] [--all-tools]`: the same core, log, durability,
/// single-writer lock and options as `serve`, spoken to as an MCP server on stdin/stdout
/// (newline-delimited, as MCP's stdio transport is; `--framing` does not apply). When a core
/// already serves the data directory, the face attaches to it instead (as the role its owner
/// admits): the assistant sees, and when allowed drives, the app the user has open.
enum MCPCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let allTools = arguments.contains("--all-tools")
    let arguments = arguments.filter { $0 != "--all-tools" }
    if let status = attachIfLive(arguments, allTools: allTools) { return status }
    let opened: ServeCommand.Opened
    switch ServeCommand.open(arguments, command: "gallery-rpc mcp") {
    case .failure(let status): return status.code
    case .success(let value): opened = value
    }
    defer { opened.close() }
    let config = opened.config
    let attachPoint = opened.openAttachPoint()
    let face: MCPFace
    do {
      face = try MCPFace(
        core: .inProcess(
          testClock: opened.testClock != nil,
          server: { connection in
            GalleryServer(
              store: opened.store, connection: connection, logger: opened.logger,
              serverVersion: GalleryRPCVersion.text, maxMessageBytes: config.maxMessageBytes,
              testClock: opened.testClock)
          },
          beforeClosing: { attachPoint?.close(reason: "the app's core stopped: its owner ended the session") }
        ),
        serverVersion: GalleryRPCVersion.text, dataDirectory: opened.dataDirectory,
        maxMessageBytes: config.maxMessageBytes, consentsToDestructive: config.consentsToDestructive,
        allTools: allTools)
    } catch {
      opened.logger.log(.error, "cannot start the MCP face: \(error)")
      attachPoint?.close(reason: "the app's core could not start its MCP face")
      return 1
    }
    opened.logger.log(.info, "speaking MCP on stdio")
    return face.run()
  }

  /// With a live core on the data directory, runs the face as one of its attached clients and
  /// returns its status; nil when nothing listens there (this process becomes the owner).
  private static func attachIfLive(_ arguments: [String], allTools: Bool) -> Int32? {
    guard
      let config = try? ServerConfiguration.parse(
        arguments, environment: ProcessInfo.processInfo.environment),
      config.inspect == nil,
      let socket = try? UnixSocket.connect(to: AttachPoint.path(in: config.dataDirectory))
    else { return nil }
    signal(SIGPIPE, SIG_IGN)
    let logger = Logger(level: config.logLevel)
    logger.log(
      .info,
      "a core already serves \(config.dataDirectory): attached to it as an MCP face (its owner's options and role apply)"
    )
    do {
      let face = try MCPFace(
        core: .attached(socket: socket), serverVersion: GalleryRPCVersion.text,
        dataDirectory: config.dataDirectory, maxMessageBytes: config.maxMessageBytes, allTools: allTools)
      return face.run()
    } catch {
      logger.log(.error, "cannot start the MCP face: \(error)")
      return 1
    }
  }
}
