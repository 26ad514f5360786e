import Foundation
import GalleryCore
import GalleryTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 28, items 1 and 2: every answer body is bounded as it arrives, whatever its framing
/// or encoding (a declared length, a body ended by closing, gzip), with the peak resident
/// memory (VmHWM) within a few MB of the limit; and nothing is written to `$TMPDIR`.
final class HostileBodyTests: XCTestCase {
  /// The process's peak resident size since the last `resetPeak`, in bytes.
  func peakResident() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }

  func currentResident() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }

  /// Starts a new peak from now (Linux: writing 5 to clear_refs resets VmHWM).
  func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
  }

  func client() throws -> CurlHTTPClient {
    try XCTUnwrap(CurlHTTPClient(), "libcurl.so.4 (FoundationNetworking's own) loads")
  }

  func assertBounded(
    _ response: FakeHTTPServer.Response, limit: Int, _ what: String, file: StaticString = #filePath,
    line: UInt = #line
  ) async throws {
    let server = try FakeHTTPServer { _ in response }
    defer { server.stop() }
    let http = try client()
    guard resetPeak() else { throw XCTSkip("this kernel cannot reset the peak resident size") }
    let before = currentResident()
    let result = await http.send(
      HTTPRequest(url: URL(string: server.baseURL + "/hostile")!, timeout: 60, maxResponseBytes: limit))
    let peak = peakResident() - before
    print("hostile body: \(what): peak \(peak >> 10) KB above the start, limit \(limit >> 10) KB")
    guard case .failure(let failure) = result else {
      return XCTFail("\(what): accepted", file: file, line: line)
    }
    XCTAssertEqual(failure.kind, .tooLarge, "\(what): \(failure)", file: file, line: line)
    XCTAssertEqual(failure.limitBytes, limit, what, file: file, line: line)
    XCTAssertLessThan(
      peak, limit + (8 << 20), "\(what): peak \(peak >> 20) MB over a \(limit >> 20) MB limit", file: file,
      line: line)
  }

  func testEveryHostileBodyStopsAtItsLimitWithThePeakNearIt() async throws {
    let limit = 20 << 20
    try await assertBounded(.huge(300 << 20, declaresLength: false), limit: limit, "300 MB ended by closing")
    try await assertBounded(.huge(1 << 30, declaresLength: true), limit: limit, "1 GiB declared")
    // Small on the wire (1.7 MB, within the limit), 256 MiB decoded: counted decoded.
    let bomb = FakeHTTPServer.Response(
      headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"],
      body: Data(GzipBomb.bytes(inflating: 256 << 20)))
    try await assertBounded(
      bomb, limit: 4 << 20, "a gzip body of \(bomb.body.count >> 10) KB inflating to 256 MiB")
    // 6.5 MB on the wire, 1 GiB decoded: refused for its declared length already.
    let big = FakeHTTPServer.Response(
      headers: ["Content-Encoding": "gzip"], body: Data(GzipBomb.bytes(inflating: 1 << 30)))
    try await assertBounded(big, limit: 4 << 20, "a gzip body of 6.5 MB inflating to 1 GiB")
  }

  func testAGzipAnswerWithinTheLimitIsReadDecoded() async throws {
    let server = try FakeHTTPServer { _ in
      FakeHTTPServer.Response(
        headers: ["Content-Encoding": "gzip"], body: Data(GzipBomb.bytes(inflating: 1000)))
    }
    defer { server.stop() }
    let result = try await client().send(HTTPRequest(url: URL(string: server.baseURL + "/small")!))
    XCTAssertEqual(try result.get().body, Data(count: 1000))
  }

  func testDownloadsLeaveNoFileInTheTemporaryDirectory() async throws {
    let tmp = NSTemporaryDirectory()
    let before = Set(try FileManager.default.contentsOfDirectory(atPath: tmp))
    let server = try FakeHTTPServer { request in
      request.path.hasSuffix("big") ? .huge(8 << 20, declaresLength: false) : .huge(64 << 10)
    }
    defer { server.stop() }
    let source = ImageSource(http: try client(), maxBytes: 2 << 20, timeout: 30)
    for n in 0..<20 { _ = await source.fetch(server.baseURL + "/\(n).png") }
    _ = await source.fetch(server.baseURL + "/big")
    let after = Set(try FileManager.default.contentsOfDirectory(atPath: tmp))
    let new = after.subtracting(before).filter { $0.hasSuffix(".tmp") || $0.hasPrefix("CFNetwork") }
    XCTAssertEqual(new, [], "no download leaves a file behind")
  }

  func testCancellingAnExchangeEndsItPromptly() async throws {
    let server = try FakeHTTPServer { _ in .huge(1 << 30, declaresLength: false, bytesPerSecond: 1 << 20) }
    defer { server.stop() }
    let http = try client()
    let task = Task {
      await http.send(
        HTTPRequest(url: URL(string: server.baseURL + "/slow")!, timeout: 60, maxResponseBytes: 1 << 30))
    }
    while server.generatedBytesSent == 0 { await Task.yield() }
    task.cancel()
    let result = await task.value
    guard case .failure(let failure) = result else { return XCTFail("a cancelled exchange succeeded") }
    XCTAssertEqual(failure.kind, .cancelled)
  }
}

/// Issue 28: exchanges run on a few reused threads (a thread per exchange kept the resident
/// size climbing in the hour-long hostile soak): many exchanges, at most `limit` threads.
extension HostileBodyTests {
  func testExchangesReuseABoundedSetOfThreads() throws {
    let pool = ExchangeThreads(limit: 3, idleSeconds: 30)
    let release = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    let overlapping = Locked(0)
    let most = Locked(0)
    for _ in 0..<40 {
      pool.run {
        overlapping.mutate { $0 += 1 }
        let now = overlapping.value
        most.mutate { $0 = max($0, now) }
        _ = release.wait(timeout: .now() + 10)
        overlapping.mutate { $0 -= 1 }
        done.signal()
      }
    }
    for _ in 0..<40 { release.signal() }
    for _ in 0..<40 { XCTAssertEqual(done.wait(timeout: .now() + 10), .success) }
    XCTAssertLessThanOrEqual(most.value, 3, "never more than the limit at once")
    XCTAssertEqual(pool.counts.started, 3, "40 jobs on 3 threads, reused")
    XCTAssertLessThanOrEqual(pool.counts.alive, 3)
  }
}
