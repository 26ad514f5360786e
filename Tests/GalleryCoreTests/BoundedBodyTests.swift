import Foundation
import GalleryCore
import GalleryTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// A provider that answers with a gigabyte: reading stops at the limit, memory stays where
/// it was, and the failure says the answer was too large and what the limit is.
final class BoundedBodyTests: XCTestCase {
  /// The hostile body: 1 GiB, made as it is sent (never held by the test either).
  private static let huge = 1 << 30
  private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  func testAHugeImageIsRefusedAtItsLimitWithOrWithoutContentLength() async throws {
    for declared in [true, false] {
      // At 400 MB/s, a fast network: the whole body would take 2.5 seconds.
      let server = try FakeHTTPServer { _ in
        .huge(Self.huge, prefix: Self.png, declaresLength: declared, bytesPerSecond: 400 << 20)
      }
      let source = ImageSource(http: DefaultHTTPClient.make(), maxBytes: 2 << 20, timeout: 30)
      let before = residentBytes()
      let result = await source.fetch(server.baseURL + "/huge.png")
      guard case .failure(let failure) = result else { return XCTFail("a 1 GiB image was accepted") }
      XCTAssertEqual(failure.kind, .tooLarge, "Content-Length declared: \(declared)")
      XCTAssertEqual(failure.limitBytes, 2 << 20)
      XCTAssertEqual(
        failure.message(in: .en).message, "This image is larger than 2 MB, the most the app keeps.")
      XCTAssertEqual(failure.message(in: .es).code, "image.tooLarge")
      XCTAssertTrue(failure.message(in: .es).message.contains("2 MB"))
      XCTAssertFalse(failure.message.retryable, "the same image is as large the next time")
      // The transfer stops at the limit (HostileBodyTests measures the peak).
      XCTAssertLessThan(residentBytes() - before, 64 << 20, "memory did not take the body, and stays down")
      server.stop()
    }
  }

  func testAnAPIAnswerHasItsOwnSmallerBound() async throws {
    let server = try FakeHTTPServer { _ in
      .huge(64 << 20, prefix: Array("{\"hits\":[".utf8), declaresLength: false)
    }
    let client = try XCTUnwrap(CurlHTTPClient())
    XCTAssertEqual(client.maxBodyBytes, 4 << 20, "an API page is a few MB at most")
    let result = await client.send(HTTPRequest(url: URL(string: server.baseURL + "/api")!, timeout: 30))
    guard case .failure(let failure) = result else { return XCTFail("a 64 MB page was accepted") }
    XCTAssertEqual(failure.kind, .tooLarge)
    XCTAssertEqual(failure.limitBytes, 4 << 20)
    let small = try FakeHTTPServer { _ in .json(#"{"ok":true}"#) }
    let fine = await client.send(HTTPRequest(url: URL(string: small.baseURL + "/api")!, timeout: 30))
    XCTAssertEqual(try fine.get().body, Data(#"{"ok":true}"#.utf8), "a small answer is read whole")
  }
}
