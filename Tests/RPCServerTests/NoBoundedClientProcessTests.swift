import Foundation
import GalleryClient
import GalleryTesting
import XCTest

/// Issue 46, item 1, as the reviewer met it: a `libcurl.so.4` found first that lacks
/// `curl_easy_perform`. The process starts (FoundationNetworking binds lazily), says at start
/// that no bounded client exists, and fetches nothing: the feed fails with `request.noClient`
/// and the provider on 127.0.0.1 gets no request (the URLSession fallback held a 1 GiB gzip
/// body whole, 1,138 MB, and left 1.07 GB of temp files).
final class NoBoundedClientProcessTests: XCTestCase {
  func testWithoutAUsableLibcurlNothingIsFetchedAndTheStartSaysSo() throws {
    let lib = TemporaryDirectory()
    let stub = lib.path + "/stub.c"
    try "void *curl_easy_init(void) { return 0; }\n".write(toFile: stub, atomically: true, encoding: .utf8)
    let compiler = Process()
    compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // bfd, not gold: gold gives the stub a version section, which the loader then refuses.
    compiler.arguments = [
      "clang", "-shared", "-fPIC", "-fuse-ld=bfd", "-o", lib.path + "/libcurl.so.4", stub,
    ]
    compiler.standardError = FileHandle.nullDevice
    try compiler.run()
    XCTAssertEqual(compiler.exitStatus(within: 120), 0, "clang (the Swift toolchain's) built the stub")
    let provider = try FakeHTTPServer { _ in .json(#"{"total":0,"totalHits":0,"hits":[]}"#) }
    let p = try RPCProcess(
      extra: ["--feed", "pixabay", "--test-clock"],
      environment: [
        "LD_LIBRARY_PATH": lib.path, "PIXABAY_API_KEY": "k", "PIXABAY_BASE_URL": provider.baseURL,
      ])
    p.call("initialize")
    p.call(Requests.AuthSetEmail(value: "test@mail.com"))
    p.call(Requests.AuthSetPassword(value: "123456"))
    p.call(Requests.AuthSubmitLogin())
    p.call("test/settle")
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/feed/error/code"))["value"], .string("request.noClient"))
    XCTAssertEqual(provider.requests.count, 0, "nothing was fetched")
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    XCTAssertTrue(p.errorOutput.contains("no bounded HTTP client"), p.errorOutput)
  }
}
