import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The least work the contract allows per keystroke, as a process: read the request line,
/// append it to a log file with one `write` (the durability promise: recorded before
/// answered), then write a `state/changed` line and the answer with one `write`. Rows 1 and
/// 1b compare gallery-rpc with it (`gallery-bench echolog FILE` is the child).
enum EchoLog {
  /// A patch and an answer of the sizes gallery-rpc writes for `auth/setEmail`.
  static let reply: [UInt8] =
    Array(
      #"{"jsonrpc":"2.0","method":"state/changed","params":{"fromVersion":1,"patch":[{"op":"replace","path":"/login/email/value","value":"user1@mail.com"}],"version":2}}"#
        .utf8) + [0x0A]
    + Array(
      #"{"id":10,"jsonrpc":"2.0","result":{"events":[{"seq":2,"type":"auth.fieldEdited"}],"version":2}}"#.utf8
    )
    + [0x0A]

  /// Serves stdin until it closes; never returns.
  static func run(log path: String) -> Never {
    let log = open(path, O_WRONLY | O_CREAT | O_APPEND | O_TRUNC, 0o644)
    precondition(log >= 0, "echolog: cannot open \(path)")
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var held = 0
    while true {
      let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + held, $0.count - held) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { exit(0) }
      held += n
      var start = 0
      while let newline = buffer[start..<held].firstIndex(of: 0x0A) {
        buffer.withUnsafeBytes { _ = write(log, $0.baseAddress! + start, newline + 1 - start) }
        reply.withUnsafeBytes { _ = write(1, $0.baseAddress!, $0.count) }
        start = newline + 1
      }
      if start > 0 {
        buffer.withUnsafeMutableBytes { raw in
          if held > start { memmove(raw.baseAddress!, raw.baseAddress! + start, held - start) }
        }
        held -= start
      }
    }
  }
}
