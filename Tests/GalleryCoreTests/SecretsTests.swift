import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Whole sessions with a known password and token: neither may appear in any byte of the
/// data directory (the owner-only credentials file aside) or of anything published.
final class SecretsTests: XCTestCase {
  let password = "p4ss-XYZZY-w0rd"
  let token = "TOKEN-plugh-4711"

  func testEverySectionOfTheCredentialsFileNamesItsSecrets() throws {
    let dir = TemporaryDirectory()
    let file = CredentialsFile(path: dir.path + "/credentials.json")
    XCTAssertEqual(file.secrets, [])
    let json = #"""
      {"signIn":{"email":"a@b.co","token":"sign-in-token-1"},"account":{"provider":"imgur",
      "accessToken":"access-token-22","refreshToken":"refresh-token-333","expiresAt":1}}
      """#
    XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: Data(json.utf8)))
    XCTAssertEqual(
      Set(CredentialsFile(path: dir.path + "/credentials.json").secrets),
      ["sign-in-token-1", "access-token-22", "refresh-token-333"], "read back from the file: every token")
  }

  func testPasswordsAndTokensNeverLeaveMemoryAndTheCredentialsFile() throws {
    let token = self.token
    let server = try FakeHTTPServer { request in
      let body = ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:])
        .compactMapValues { $0 as? String }
      if body["email"] == "eve.holt@reqres.in" { return .json(#"{"id":4,"token":"\#(token)"}"#) }
      return .json(#"{"error":"user not found"}"#, status: 400)
    }
    let dir = TemporaryDirectory()
    let backend = ReqresAuthBackend(
      baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make(), timeout: 5)
    let diagnostics = Locked<[String]>([])
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(auth: backend),
      options: .init(
        durability: .none, snapshotEvery: 3, snapshotGrowth: 0,
        diagnostics: { line in diagnostics.mutate { $0.append(line) } }))
    let published = Locked<[UInt8]>([])
    let observation = store.observe { change in
      let bytes = Array((try? JSONCoding.encode(change.state)) ?? []) + change.events.flatMap(\.data)
      published.mutate { $0 += bytes }
    }

    try store.send(.auth(.setEmail(.login, "nobody@reqres.in")))
    try store.send(.auth(.setPassword(.login, Secret(password))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
    try store.send(.auth(.openRegistration))
    try store.send(.auth(.setEmail(.registration, "eve.holt@reqres.in")))
    try store.send(.auth(.setPassword(.registration, Secret(password))))
    try store.send(.auth(.setAge("44")))
    try store.send(.auth(.submit(.registration)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.session.status, .signedIn)
    let credentials = dir.path + "/credentials.json"
    XCTAssertTrue(
      String(decoding: FileManager.default.contents(atPath: credentials)!, as: UTF8.self).contains(token))
    let mode =
      (try FileManager.default.attributesOfItem(atPath: credentials)[.posixPermissions] as? NSNumber)?
      .intValue
    XCTAssertEqual(mode, 0o600)
    store.saveSnapshot()
    try store.send(.auth(.logout))
    XCTAssertFalse(FileManager.default.fileExists(atPath: credentials), "logout removes the token")
    observation.cancel()
    try store.close()

    let needles = [Array(password.utf8), Array(token.utf8)]
    let files = dir.allFiles().filter { $0 != credentials }
    XCTAssertTrue(files.contains { $0.hasSuffix("events.jsonl") })
    XCTAssertTrue(files.contains { $0.hasSuffix(".snap") })
    for file in files {
      let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
      for needle in needles { XCTAssertFalse(contains(bytes, needle), "\(file) holds a secret") }
    }
    for needle in needles {
      XCTAssertFalse(contains(published.value, needle), "a published state holds a secret")
      XCTAssertFalse(diagnostics.value.joined().contains(String(decoding: needle, as: UTF8.self)))
    }
    XCTAssertFalse(published.value.isEmpty)
  }

  func testAProviderThatEchoesTheKeyOrATokenGetsItRedactedEverywhere() throws {
    let key = "PIXKEY-SECRET-123"
    let token = self.token
    let server = try FakeHTTPServer { request in
      if request.path == "/api/" {
        return .json(#"{"error":"Invalid or missing API key (\#(key)); token \#(token)"}"#, status: 400)
      }
      return .json(#"{"id":4,"token":"\#(token)"}"#)
    }
    let dir = TemporaryDirectory()
    let diagnostics = Locked<[String]>([])
    var options = Store.Options(
      durability: .none, diagnostics: { line in diagnostics.mutate { $0.append(line) } })
    options.secrets = [key]
    let store = try Store(
      dataDirectory: dir.path,
      environment: GalleryEnvironment(
        auth: ReqresAuthBackend(
          baseURL: server.baseURL, apiKey: "k", http: DefaultHTTPClient.make(), timeout: 5),
        feed: PixabayProvider(baseURL: server.baseURL, apiKey: key, http: DefaultHTTPClient.make())),
      options: options)
    let published = Locked<[UInt8]>([])
    let observation = store.observe { change in
      let bytes = Array((try? JSONCoding.encode(change.state)) ?? []) + change.events.flatMap(\.data)
      published.mutate { $0 += bytes }
    }
    try store.send(.auth(.setEmail(.login, "eve.holt@reqres.in")))
    try store.send(.auth(.setPassword(.login, Secret(password))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.feed.status, .failed)
    let said = try XCTUnwrap(store.state.feed.error?.args["serverSaid"])
    XCTAssertEqual(
      said, "Invalid or missing API key ([redacted]); token [redacted]", "the rest of the words stay")
    observation.cancel()
    try store.close()
    XCTAssertEqual(
      try Replay.state(ofLogAt: dir.path + "/events.jsonl"), store.state, "replay rebuilds the same")
    for needle in [Array(key.utf8), Array(token.utf8)] {
      let log = [UInt8](FileManager.default.contents(atPath: dir.path + "/events.jsonl") ?? Data())
      XCTAssertFalse(contains(log, needle), "the log holds a secret")
      XCTAssertFalse(contains(published.value, needle), "a published state holds a secret")
      XCTAssertFalse(diagnostics.value.joined().contains(String(decoding: needle, as: UTF8.self)))
    }
  }

  func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
      if Array(haystack[i..<(i + needle.count)]) == needle { return true }
    }
    return false
  }
}
