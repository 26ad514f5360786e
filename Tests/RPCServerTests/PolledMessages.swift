import Foundation
import JSON
import JSONRPC
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// The messages a server writes to a descriptor, read with a bound on every wait (a hung
/// server must not hang the suite): what the spawned binary's stdout and an attach point's
/// socket share.
struct PolledMessages {
  private var decoder: FrameDecoder
  private var pending: [JSONValue] = []
  /// Set once the server closed its end.
  private(set) var ended = false
  /// How long `next` waits for a message before failing the test, in milliseconds.
  var patience: Int32 = 60_000

  init(decoder: FrameDecoder) { self.decoder = decoder }

  /// The next message from `fd`; nil once it is closed or nothing came within `patience`.
  /// `seen` gets each message's bytes before they are parsed (a trace).
  mutating func next(from fd: Int32, seen: ([UInt8]) -> Void = { _ in }) -> JSONValue? {
    while pending.isEmpty {
      guard !ended else { return nil }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, patience)
      if ready == 0 {
        XCTFail("the server sent nothing within \(patience) ms")
        return nil
      }
      if ready < 0, errno == EINTR { continue }
      var chunk = [UInt8](repeating: 0, count: 65536)
      let n = Glibc.read(fd, &chunk, chunk.count)
      if n < 0, errno == EINTR { continue }
      if n <= 0 {
        ended = true
        return nil
      }
      for item in decoder.feed(chunk[0..<n]) {
        guard case .message(let bytes) = item else {
          XCTFail("the server wrote something that is not a frame: \(item)")
          continue
        }
        seen(bytes)
        do { pending.append(try JSONParser.parse(bytes)) } catch {
          XCTFail("the server wrote invalid JSON: \(error)")
        }
      }
    }
    return pending.removeFirst()
  }
}
