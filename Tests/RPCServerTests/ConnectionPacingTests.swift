import Foundation
import GalleryTesting
import JSONRPC
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A sender of bulk traffic waits on the connection while its client reads (however slowly)
/// and is told when the client stopped reading; writes taken in slices keep every byte, in order.
final class ConnectionPacingTests: XCTestCase {
  private var fds: [Int32] = []

  override func tearDown() {
    for fd in fds { close(fd) }
    fds = []
  }

  /// A connection writing into a pipe nobody reads yet: (connection, the pipe's read end).
  private func connection() -> (RPCConnection, Int32) {
    var toClient: [Int32] = [0, 0]
    var input: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&toClient), 0)
    XCTAssertEqual(pipe(&input), 0)
    fds += toClient + input
    let connection = RPCConnection(
      input: input[0], output: toClient[1], framing: .ndjson, maxMessageBytes: 1 << 20)
    return (connection, toClient[0])
  }

  /// 40 messages of 64 KiB with one of 2.5 MiB among them (longer than a write's slice).
  private func messages() -> [[UInt8]] {
    (0..<41).map { n in
      let size = n == 20 ? 5 << 19 : 64 << 10
      return Array("\"\(n):".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8(n % 26), count: size) + [34]
    }
  }

  func testASenderIsToldWhenTheClientStoppedReadingAndWaitsForOneThatReads() {
    let (connection, output) = connection()
    let sent = messages()
    for message in sent { connection.send(encoded: message) }
    let total = sent.reduce(0) { $0 + $1.count + 1 }

    // Nobody reads: past the bound, nothing moves, and the wait says so.
    XCTAssertFalse(connection.waitForBacklog(atMost: 512 << 10, stall: 0.2), "the client reads nothing")
    XCTAssertGreaterThan(connection.backlogBytes, 512 << 10)
    XCTAssertLessThan(connection.backlogBytes, total, "a write under way holds at most a slice")

    // A client that reads: the wait returns once the backlog is down to the bound.
    let received = Locked<[UInt8]>([])
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var chunk = [UInt8](repeating: 0, count: 7000)  // a slow, small reader
      var count = 0
      while count < total {
        let n = read(output, &chunk, chunk.count)
        if n <= 0 { break }
        count += n
        received.mutate { $0 += chunk[0..<n] }
      }
      done.signal()
    }
    XCTAssertTrue(connection.waitForBacklog(atMost: 0, stall: 10))
    XCTAssertTrue(connection.flush(within: 10), "every message written")
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(received.value, sent.flatMap { $0 + [10] }, "every byte, in order, across the slices")
  }

  func testASenderNoLongerWantedStopsWaitingWhenWoken() {
    let (connection, output) = connection()
    let sent = messages()
    for message in sent { connection.send(encoded: message) }
    let wanted = Locked(true)
    let answer = Locked<Bool?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      answer.mutate { $0 = connection.waitForBacklog(atMost: 0, stall: 60, while: { wanted.value }) }
      done.signal()
    }
    wanted.mutate { $0 = false }
    connection.wakePacedSenders()
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "woken, not left to its 60 s")
    XCTAssertEqual(answer.value, false)
    // Read it all, so the writer thread is not left in a write to a pipe about to close.
    let total = sent.reduce(0) { $0 + $1.count + 1 }
    XCTAssertEqual(drain(output, total), total)
    XCTAssertTrue(connection.flush(within: 10))
  }

  /// Reads `total` bytes (or up to the end) from `fd`; how many it read.
  private func drain(_ fd: Int32, _ total: Int) -> Int {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var count = 0
    while count < total {
      let n = read(fd, &chunk, chunk.count)
      if n <= 0 { break }
      count += n
    }
    return count
  }
}
