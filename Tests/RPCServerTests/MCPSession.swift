import GalleryTesting
import JSON
import XCTest

/// `gallery-rpc mcp` started and initialized as an MCP host starts it (the handshake revision),
/// and its tools called: what every MCP test shares.
extension RPCProcess {
  /// The face on `dataDirectory` (a fresh one unless given), its handshake done.
  static func mcpFace(_ extra: [String] = [], dataDirectory: TemporaryDirectory = TemporaryDirectory()) throws
    -> RPCProcess
  {
    let p = try RPCProcess(command: "mcp", extra: extra, dataDirectory: dataDirectory)
    let answer = p.call(
      "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"tests"}}"#)
    XCTAssertEqual(answer["protocolVersion"], .string("2025-11-25"))
    p.notify("notifications/initialized")
    return p
  }

  /// Calls a tool: its result (content, isError, structuredContent).
  @discardableResult
  func tool(_ name: String, _ arguments: String = "{}") -> JSONValue {
    call("tools/call", #"{"name":"\#(name)","arguments":\#(arguments)}"#)
  }
}
