import Foundation
import JSON

#if canImport(Glibc)
  import Glibc
#endif

/// Newline-delimited JSON-RPC over two file descriptors: a thread reads lines, a serial queue
/// writes them (no lock is held across either).
///
/// Owns: the reading thread (ends at end of input) and its buffer, bounded by
/// `maxLineBytes` (a longer line ends the connection).
public final class LineTransport: Sendable {
  private let input: Int32
  private let output: Int32
  private let writes = DispatchQueue(label: "gallery-client.writes")
  private let maxLineBytes: Int

  /// `input` is read from (the server's output); `output` is written to.
  public init(input: Int32, output: Int32, maxLineBytes: Int = 64 << 20) {
    self.input = input
    self.output = output
    self.maxLineBytes = maxLineBytes
  }

  /// Starts reading: every line that parses as JSON goes to `onMessage`; `onEnd` once input ends.
  public func start(onMessage: @escaping @Sendable (JSONValue) -> Void, onEnd: @escaping @Sendable () -> Void)
  {
    let (input, maxLineBytes) = (self.input, self.maxLineBytes)
    Thread.detachNewThread {
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      while true {
        let n = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        var start = 0
        for i in 0..<n where chunk[i] == 0x0A {
          pending += chunk[start..<i]
          if let message = try? JSONParser.parse(pending) { onMessage(message) }
          pending.removeAll(keepingCapacity: true)
          start = i + 1
        }
        pending += chunk[start..<n]
        if pending.count > maxLineBytes { break }
      }
      onEnd()
    }
  }

  /// Queues `message` as one line; `done` gets the write's failure, if any.
  public func send(_ message: JSONValue, done: @escaping @Sendable ((any Error)?) -> Void) {
    let output = self.output
    writes.async {
      let bytes = JSONWriter.bytes(message) + [0x0A]
      var at = 0
      while at < bytes.count {
        let n = bytes[at...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return done(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPIPE)) }
        at += n
      }
      done(nil)
    }
  }

  /// Closes the output (the server sees end of input and exits).
  public func closeOutput() {
    writes.sync { _ = close(output) }
  }
}
