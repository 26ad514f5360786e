import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import JSONRPC
import XCTest

/// Issue 28, item 6: diagnostics never kill the process. With its stderr's reader gone, the
/// server keeps answering and exits cleanly.
final class DiagnosticsTests: XCTestCase {
  func testAClosedStderrNeverStopsTheServer() throws {
    let server = try RPCProcess(extra: ["--log-level", "debug"])
    server.stderr.fileHandleForReading.closeFile()
    _ = server.initialize()
    var versions: [Int] = []
    for n in 0..<5 {
      // Each unknown notification is logged at debug: a line to the closed stderr.
      server.notify("x/unknown\(n)")
      versions.append(server.call(Requests.AuthSetEmail(value: "a\(n)@b.c"))["version"]?.int ?? -1)
    }
    XCTAssertEqual(versions, (0..<5).map { versions[0] + $0 }, "every keystroke answered")
    server.call(Requests.Shutdown())
    server.notify("exit")
    XCTAssertEqual(server.finish(), 0, "the server exits cleanly after writing to a closed stderr")
  }

  func testALineToAClosedPipeIsDroppedAndLaterLinesAreNotAttempted() throws {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    let output = DiagnosticOutput(fd: fds[1])
    XCTAssertTrue(output.line("first"))
    var buffer = [UInt8](repeating: 0, count: 16)
    XCTAssertEqual(read(fds[0], &buffer, 16), 6)
    close(fds[0])
    XCTAssertFalse(output.line("second"), "EPIPE: dropped, not a trap")
    XCTAssertTrue(output.isClosed)
    XCTAssertFalse(output.line("third"))
    close(fds[1])
  }
}
