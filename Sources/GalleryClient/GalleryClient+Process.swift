import Foundation

extension GalleryClient {
  /// Starts `binary serve --framing ndjson --data-dir DIR ARGUMENTS` and talks to it over its
  /// stdio. Its stderr goes to ours. Owner of the child: the client (`close` ends it).
  public static func spawn(
    binary: String, dataDirectory: String, arguments: [String] = [], timeout: Duration = .seconds(60)
  ) throws -> GalleryClient {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = ["serve", "--framing", "ndjson", "--data-dir", dataDirectory] + arguments
    let toChild = Pipe()
    let fromChild = Pipe()
    process.standardInput = toChild
    process.standardOutput = fromChild
    try process.run()
    let transport = LineTransport(
      input: fromChild.fileHandleForReading.fileDescriptor,
      output: toChild.fileHandleForWriting.fileDescriptor)
    let seconds = Double(timeout.components.seconds)
    return GalleryClient(transport: transport, timeout: timeout) {
      // Bounded: the child has the timeout to exit after `exit`, then it is stopped (-1).
      process.exitStatus(within: seconds) ?? -1
    }
  }
}
