import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// A fault-injecting provider on 127.0.0.1: every fault ends in a typed, retryable error in
/// the state, and the log replays to that state. Nothing crashes or hangs.
final class FaultMatrixTests: XCTestCase {
  /// Each fault, and the message code it must end in.
  static let faults: [(name: String, answer: FakeHTTPServer.Response, code: String)] = [
    ("500", .json(#"{"error":"boom"}"#, status: 500), "request.serverError"),
    (
      "502",
      .init(status: 502, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad gateway</h1>".utf8)),
      "request.serverError"
    ),
    ("503", .json("", status: 503), "request.serverError"),
    (
      "429", .json(#"{"error":"slow down"}"#, status: 429, headers: ["Retry-After": "7"]),
      "request.rateLimited"
    ),
    ("slow", .json("{}"), "request.timeout"),  // the handler sleeps past the client's deadline
    (
      "reset", .json(String(repeating: " ", count: 4096), status: 200).resetting(after: 100),
      "request.unreachable"
    ),
    // Issue 29, item 11: a connection dropped with no answer is a server not reached.
    ("dropped", .dropped, "request.unreachable"),
    ("malformed JSON", .json(#"{"hits":[{"id":1,"#), "request.malformed"),
    (
      "wrong content type",
      .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>hi</html>".utf8)),
      "request.malformed"
    ),
    ("empty body", .init(status: 200, body: Data()), "request.malformed"),
    (
      "too large", .json(#"{"hits":[],"pad":""# + String(repeating: "x", count: 200_000) + #""}"#),
      "request.tooLarge"
    ),
  ]

  /// The client's limits in this test: 1 s and 64 KB.
  static func client() -> any HTTPClient { DefaultHTTPClient.make(maxBodyBytes: 64 * 1024) }

  func testEveryFaultOfTheFeedProviderEndsInARetryableErrorThatReplays() throws {
    for fault in Self.faults {
      // A slow provider answers only once the test has seen the client give up (bounded).
      let answered = DispatchSemaphore(value: 0)
      let server = try FakeHTTPServer { _ in
        if fault.name == "slow" { _ = answered.wait(timeout: .now() + 10) }
        return fault.answer
      }
      let dir = TemporaryDirectory()
      let store = try Store(
        dataDirectory: dir.path,
        environment: GalleryEnvironment(
          feed: PixabayProvider(baseURL: server.baseURL, apiKey: "k", http: Self.client(), timeout: 1)),
        options: .init(durability: .none, timerScale: 0))
      try store.signInToDemo()
      XCTAssertEqual(store.state.feed.status, .failed, fault.name)
      XCTAssertEqual(store.state.feed.error?.code, fault.code, fault.name)
      XCTAssertEqual(store.state.feed.error?.retryable, true, fault.name)
      XCTAssertEqual(
        store.state.unreachable["feed"] != nil, fault.code == "request.unreachable",
        "\(fault.name): only a server not reached is unreachable")
      try store.close()
      XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, fault.name)
      XCTAssertTrue(try LogVerifier.verify(path: dir.path + "/events.jsonl").isClean, fault.name)
      answered.signal()
      server.stop()
    }
  }

  func testEveryFaultOfImgurEndsInARetryableErrorAndKeepsTheSession() throws {
    for fault in Self.faults where fault.name != "429" {
      let answered = DispatchSemaphore(value: 0)
      let server = try FakeHTTPServer { request in
        if fault.name == "slow" { _ = answered.wait(timeout: .now() + 10) }
        return fault.answer
      }
      let dir = TemporaryDirectory()
      let store = try Store(
        dataDirectory: dir.path,
        environment: GalleryEnvironment().with {
          $0.account = ImgurProvider(
            baseURL: server.baseURL, clientID: "c", clientSecret: "s", http: Self.client(), timeout: 1)
        },
        options: .init(durability: .none, timerScale: 0))
      try store.send(.account(.beginLogin(nonce: "0123456789abcdef0123")))
      try store.send(
        .account(
          .completeLogin(
            redirectURL: Secret(
              "https://imgur.com/?state=0123456789abcdef0123#access_token=a&expires_in=3600&token_type=bearer&refresh_token=r&account_username=u&account_id=1"
            ))))
      try store.send(.account(.loadImages))
      store.waitUntilIdle()
      XCTAssertEqual(store.state.account.imagesStatus, .failed, fault.name)
      XCTAssertEqual(store.state.account.error?.code, fault.code, fault.name)
      XCTAssertEqual(store.state.account.error?.retryable, true, fault.name)
      XCTAssertEqual(store.state.account.status, .signedIn, "\(fault.name): a fault is not a sign-out")
      try store.close()
      XCTAssertEqual(try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, fault.name)
      answered.signal()
      server.stop()
    }
  }
}

extension FakeHTTPServer.Response {
  /// This answer, cut by a connection reset after `bytes` of its body.
  func resetting(after bytes: Int) -> Self {
    var copy = self
    copy.resetAfterBodyBytes = bytes
    return copy
  }
}
