import Foundation
import GalleryCore
import MCPServer
import RPCServer

/// `gallery-rpc mcp [serve options]`: the same core, log, durability, single-writer lock and
/// options as `serve`, spoken to as an MCP server on stdin/stdout (newline-delimited, as MCP's
/// stdio transport is; `--framing` does not apply).
enum MCPCommand {
  static func run(_ arguments: [String]) -> Int32 {
    let opened: ServeCommand.Opened
    switch ServeCommand.open(arguments, command: "gallery-rpc mcp") {
    case .failure(let status): return status.code
    case .success(let value): opened = value
    }
    defer { opened.close() }
    let config = opened.config
    let face: MCPFace
    do {
      face = try MCPFace(
        testClock: opened.testClock != nil, serverVersion: GalleryRPCVersion.text,
        dataDirectory: opened.dataDirectory, maxMessageBytes: config.maxMessageBytes,
        consentsToDestructive: config.consentsToDestructive
      ) { connection in
        GalleryServer(
          store: opened.store, connection: connection, logger: opened.logger,
          serverVersion: GalleryRPCVersion.text, maxMessageBytes: config.maxMessageBytes,
          testClock: opened.testClock)
      }
    } catch {
      opened.logger.log(.error, "cannot start the MCP face: \(error)")
      return 1
    }
    opened.logger.log(.info, "speaking MCP on stdio")
    return face.run()
  }
}
