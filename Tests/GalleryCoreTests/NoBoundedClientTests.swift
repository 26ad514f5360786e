import Foundation
import XCTest

@testable import GalleryCore

/// Where libcurl cannot be used, the core fetches nothing rather than fetch unbounded: every
/// request fails at once with `request.noClient`, final, in the user's language. (URLSession
/// stood in before: a 1 GiB gzip body peaked at 1,138 MB and left 1.07 GB of temp files.)
final class NoBoundedClientTests: XCTestCase {
  func testWithoutLibcurlEveryRequestFailsAtOnceSayingWhy() async {
    let client = DefaultHTTPClient.choose(nil)
    XCTAssertTrue(client is UnavailableHTTPClient)
    let provider = PixabayProvider(baseURL: "http://127.0.0.1:9", apiKey: "k", http: client)
    guard case .failure(let failure) = await provider.page(query: "", page: 1, perPage: 20) else {
      return XCTFail("a page was fetched without a bounded client")
    }
    XCTAssertEqual(failure.reason, "request.noClient")
    let english = failure.message(in: .en)
    XCTAssertEqual(english.code, "request.noClient")
    XCTAssertFalse(english.retryable, "retrying cannot help until libcurl is installed")
    XCTAssertTrue(english.message.contains("libcurl"), english.message)
    XCTAssertNotEqual(failure.message(in: .es).message, english.message)
  }

  func testWhereLibcurlLoadsTheBoundedClientIsTheOne() {
    let curl = CurlHTTPClient(maxBodyBytes: 1 << 20)
    XCTAssertNotNil(curl, "this machine has libcurl 4 (FoundationNetworking links it)")
    XCTAssertTrue(DefaultHTTPClient.choose(curl) is CurlHTTPClient)
    XCTAssertNil(DefaultHTTPClient.unavailable)
  }
}
