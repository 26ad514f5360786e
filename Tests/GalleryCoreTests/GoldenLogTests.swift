import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Golden logs: `Fixtures/NAME.jsonl` must replay to `Fixtures/NAME.state.json` (the parts of
/// the state its session touched; everything else is `AppState()`'s), and the scripted
/// session NAME (below, readable) must still write exactly that log.
///
/// To re-record after an intended change: `GALLERY_RECORD_GOLDEN=1 swift test --filter GoldenLogTests`,
/// then read the diff of Fixtures/ like any other change.
final class GoldenLogTests: XCTestCase {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures"
  ).path

  /// The scripted sessions, each against the embedded demo backend with a fixed clock.
  static let sessions: [(name: String, script: @Sendable (Store) throws -> Void)] = [
    (
      "login-typo-then-success",
      { store in
        try store.send(.auth(.setEmail(.login, "test@")))
        try store.send(.auth(.setEmail(.login, "test@mail.com")))
        try store.send(.auth(.setPassword(.login, Secret("1234"))))
        try store.send(.auth(.submit(.login)))
        try store.send(.auth(.setPassword(.login, Secret("123456"))))
        try store.send(.auth(.submit(.login)))
        store.waitUntilIdle()
      }
    ),
    (
      "login-wrong-password-retry-logout",
      { store in
        try store.send(.auth(.setEmail(.login, "test@mail.com")))
        try store.send(.auth(.setPassword(.login, Secret("wrong-one"))))
        try store.send(.auth(.submit(.login)))
        store.waitUntilIdle()
        try store.send(.auth(.setPassword(.login, Secret("123456"))))
        try store.send(.auth(.submit(.login)))
        store.waitUntilIdle()
        try store.send(.auth(.logout))
      }
    ),
    (
      "registration-age-rules-taken-email-success",
      { store in
        try store.send(.auth(.openRegistration))
        try store.send(.auth(.submit(.registration)))
        try store.send(.auth(.setEmail(.registration, "test@mail.com")))
        try store.send(.auth(.setPassword(.registration, Secret("abcdef"))))
        try store.send(.auth(.setAge("twelve")))
        try store.send(.auth(.setAge("12")))
        try store.send(.auth(.setAge("30")))
        try store.send(.auth(.submit(.registration)))
        store.waitUntilIdle()
        try store.send(.auth(.setEmail(.registration, "new@mail.com")))
        try store.send(.auth(.submit(.registration)))
        store.waitUntilIdle()
      }
    ),
    (
      "browse-search-detail-offline",
      { store in
        try store.signInToDemo()
        try store.send(.feed(.loadMore))
        store.waitUntilIdle()
        try store.send(.images(.prefetch(["demo:1"])))
        store.waitUntilIdle()
        try store.send(.images(.prefetch(["demo:2"])))
        store.waitUntilIdle()
        try store.send(.feed(.openDetail("demo:2")))
        store.waitUntilIdle()
        try store.send(.navigation(.back))
        try store.send(.feed(.setQuery("lake")))
        store.waitUntilIdle()
        try store.send(.feed(.setConnectivity(online: false)))
        try store.send(.feed(.refresh))
        store.waitUntilIdle()
        try store.send(.feed(.setConnectivity(online: true)))
        store.waitUntilIdle()
      }
    ),
    (
      "account-demo-signin-forged-then-images-delete-logout",
      { store in
        let nonce = "0123456789abcdef0123456789abcdef"
        try store.send(.account(.beginLogin(nonce: nonce)))
        // A redirect answering another sign-in: refused, nobody signed in.
        try store.send(
          .account(
            .completeLogin(
              redirectURL: Secret(
                "demo://imgur/callback#access_token=x&refresh_token=y&expires_in=60&token_type=bearer&account_username=eve&account_id=9&state=forged"
              ))))
        try store.send(.account(.beginLogin(nonce: nonce)))
        let authorize = try XCTUnwrap(store.state.account.pendingLogin?.authorizeURL)
        let redirect = try XCTUnwrap(DemoAccount.redirectURL(forAuthorizeURL: authorize))
        try store.send(.account(.completeLogin(redirectURL: Secret(redirect))))
        try store.send(.account(.loadImages))
        store.waitUntilIdle()
        try store.send(.images(.prefetch(["account:demo1"])))
        store.waitUntilIdle()
        try store.send(.images(.prefetch(["account:demo2"])))
        store.waitUntilIdle()
        try store.send(.account(.delete(id: "demo3")))
        store.waitUntilIdle()
        try store.send(.account(.logout))
      }
    ),
    (
      "registration-back-to-login",
      { store in
        try store.send(.auth(.setEmail(.login, "someone@mail.com")))
        try store.send(.auth(.openRegistration))
        try store.send(.auth(.setAge("44")))
        try store.send(.navigation(.back))
      }
    ),
  ]

  static func run(_ script: (Store) throws -> Void) throws -> [UInt8] {
    let dir = TemporaryDirectory()
    let ticks = Counter()
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(auth: DemoAuthBackend()),
      options: .init(durability: .none, clock: { 1_795_000_000_000 + 250 * ticks.next() }, timerScale: 0))
    try script(store)
    try store.close()
    return [UInt8](FileManager.default.contents(atPath: dir.path + "/events.jsonl") ?? Data())
  }

  /// The parts of the state the log's replay leads to that differ from a new `AppState()`:
  /// what its session touched. Every other member is the default, so comparing these parts
  /// compares the whole state, and adding a member (or a part) with a default re-records no
  /// fixture.
  static func stateJSON(ofLog path: String) throws -> String {
    let touched =
      Self.touched(try object(try Replay.state(ofLogAt: path)), from: try object(AppState())) ?? [:]
    let bytes = try JSONSerialization.data(
      withJSONObject: touched, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  /// `state` as Foundation objects (whole: the view and the core's bookkeeping).
  private static func object(_ state: AppState) throws -> Any {
    try JSONSerialization.jsonObject(with: try JSONEncoder().encode(state), options: [.fragmentsAllowed])
  }

  /// What of `value` differs from `base`: an object's members that differ, each narrowed the
  /// same way; anything else whole. Nil when they are equal.
  private static func touched(_ value: Any, from base: Any?) -> Any? {
    if let object = value as? [String: Any], let baseObject = base as? [String: Any] {
      var parts: [String: Any] = [:]
      for (key, member) in object {
        if let part = touched(member, from: baseObject[key]) { parts[key] = part }
      }
      // A member the default has and the state lacks cannot be said as a part: keep it whole.
      if baseObject.keys.contains(where: { object[$0] == nil }) { return object }
      return parts.isEmpty ? nil : parts
    }
    if let base, same(value, base) { return nil }
    return value
  }

  /// Whether two Foundation JSON values are equal (written the same, keys sorted).
  private static func same(_ a: Any, _ b: Any) -> Bool {
    let write = { (v: Any) in try? JSONSerialization.data(withJSONObject: [v], options: [.sortedKeys]) }
    return write(a) == write(b)
  }

  /// Logs written by earlier builds, kept as they were: each must still replay, to the
  /// `.state.json` beside it (re-recorded when the state's shape grows).
  func testLogsFromEarlierBuildsStillReplay() throws {
    let record = ProcessInfo.processInfo.environment["GALLERY_RECORD_GOLDEN"] == "1"
    let folder = Self.fixtures + "/legacy"
    let logs = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jsonl") }
      .sorted()
    XCTAssertFalse(logs.isEmpty)
    for log in logs {
      let statePath = "\(folder)/\(log.dropLast(6)).state.json"
      let replayed = try Self.stateJSON(ofLog: "\(folder)/\(log)")
      if record {
        _ = FileManager.default.createFile(atPath: statePath, contents: Data(replayed.utf8))
        continue
      }
      XCTAssertEqual(replayed, try String(contentsOfFile: statePath, encoding: .utf8), log)
    }
  }

  func testGoldenLogsReplayToTheirStatesAndSessionsStillWriteThem() throws {
    let record = ProcessInfo.processInfo.environment["GALLERY_RECORD_GOLDEN"] == "1"
    for (name, script) in Self.sessions {
      let logPath = "\(Self.fixtures)/\(name).jsonl"
      let statePath = "\(Self.fixtures)/\(name).state.json"
      let written = try Self.run(script)
      if record {
        try FileManager.default.createDirectory(atPath: Self.fixtures, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: logPath, contents: Data(written))
        _ = FileManager.default.createFile(
          atPath: statePath, contents: Data(try Self.stateJSON(ofLog: logPath).utf8))
        continue
      }
      let golden = try XCTUnwrap(
        FileManager.default.contents(atPath: logPath), "missing \(logPath): record it")
      XCTAssertEqual(
        String(decoding: written, as: UTF8.self), String(decoding: golden, as: UTF8.self),
        "session \(name) no longer writes its golden log; if intended, re-record")
      let expected = try String(contentsOfFile: statePath, encoding: .utf8)
      XCTAssertEqual(
        try Self.stateJSON(ofLog: logPath), expected, "\(name).jsonl no longer replays to \(name).state.json")
      XCTAssertTrue(try LogVerifier.verify(path: logPath).isClean)
    }
  }
}
