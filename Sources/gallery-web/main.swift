import EventStore
import Foundation
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

// gallery-web: serves the reference web page and relays it to one gallery-rpc process.
signal(SIGPIPE, SIG_IGN)
if CommandLine.arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
  print(BridgeOptions.usage)
  exit(0)
}
let options: BridgeOptions
do {
  options = try BridgeOptions.parse(
    Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
  DiagnosticOutput.standardError.line("gallery-web: \(error)")
  exit(2)
}
var random = SystemRandomNumberGenerator()
let token = (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined()
let bridge = WebBridge(options: options, token: token)
do {
  let listener = try HTTPListener(
    host: options.host, port: options.port, maxBody: 15 * 1024 * 1024, maxConnections: options.maxConnections,
    requestDeadline: options.requestTimeout, trusted: { bridge.isPages($0) },
    screen: { bridge.refusal($0) }
  ) { bridge.route($0) }
  try bridge.start { status in
    DiagnosticOutput.standardError.line("gallery-web: gallery-rpc exited with status \(status)")
    // The inspector's directory goes with it, a refused file included.
    if options.inspect != nil { ScratchDirectory.removeTree(options.dataDirectory) }
    exit(status == 0 ? 0 : 1)
  }
  // Ctrl-C or SIGTERM: shut the core down cleanly (its log flushed), then leave.
  StopSignals.install { _ in
    bridge.stop()
    // The inspector's directory is the bridge's own, made for this run.
    if options.inspect != nil { try? FileManager.default.removeItem(atPath: options.dataDirectory) }
    exit(0)
  }
  DiagnosticOutput.standardOutput.line(
    """
    gallery-web: open http://127.0.0.1:\(listener.port)/?token=\(token)
    gallery-web: \(options.inspect.map { "inspecting \($0), read only" } ?? "data in \(options.dataDirectory)"); Ctrl-C stops it
    """)
  listener.run()
} catch {
  DiagnosticOutput.standardError.line("gallery-web: \(error)")
  if options.inspect != nil { ScratchDirectory.removeTree(options.dataDirectory) }
  exit(1)
}
