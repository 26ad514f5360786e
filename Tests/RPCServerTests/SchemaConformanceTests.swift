import Foundation
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The published schema holds every state a session reaches: random sessions over every
/// feature (failures, offline, uploads, restarts) check the state as clients see it against
/// openrpc.json's `State` after every action. A member the hand-kept schema forgot
/// (`file.staged`, issue 29 item 4) fails here, naming its pointer.
/// Sessions: `GALLERY_SCHEMA_SESSIONS` (default 8) of `GALLERY_SCHEMA_STEPS` (default 120) actions.
final class SchemaConformanceTests: XCTestCase {
  func testEveryStateARandomSessionReachesKeepsToThePublishedSchema() throws {
    let sessions = SuiteLength.value("GALLERY_SCHEMA_SESSIONS", default: 8)
    let steps = SuiteLength.value("GALLERY_SCHEMA_STEPS", default: 120)
    guard case .object(let components)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"]
    else { return XCTFail("no schemas") }
    let validator = SchemaValidator(components: components)
    var checked = 0
    for seed in 1...UInt64(sessions) {
      let dir = TemporaryDirectory()
      var rng = RandomSession(seed: seed &* 104_729)
      // Every provider fails now and then, as real ones do.
      let trouble = RequestFailure(
        kind: .http, status: 429, serverMessage: "slow down", retryAfterSeconds: 30)
      let feed = SwitchedFeed()
      let account = SwitchedAccount()
      var environment = GalleryEnvironment().with { $0.account = account }
      environment.feed = feed
      func open() throws -> Store {
        try Store(
          dataDirectory: dir.path, environment: environment,
          options: .init(durability: .none, snapshotEvery: 7, snapshotGrowth: 0, timerScale: 0))
      }
      var store = try open()
      for step in 0..<steps {
        let roll = rng.next() % 10
        feed.failure.mutate { $0 = roll == 0 ? trouble : nil }
        let accountRoll = rng.next() % 3
        account.failure.mutate { $0 = accountRoll == 0 ? trouble : nil }
        if roll == 2 {
          let gif = [UInt8]("GIF89a".utf8) + [UInt8](repeating: 7, count: 64)
          if let file = try? UploadFile.stage(gif, fileName: "cat.gif", in: dir.path) {
            _ = try? store.send(.account(.upload(UploadRequest(file: file, title: "Cat"))))
          }
        } else {
          _ = try? store.send(rng.action())
        }
        store.waitUntilIdle()
        if rng.next() % 30 == 0 {
          try store.close()
          store = try open()
        }
        let view = try AppState.view(store.state)
        if let problem = validator.check(view, against: Schema.ref("State")) {
          return XCTFail("seed \(seed), step \(step): \(problem)")
        }
        checked += 1
      }
      try store.close()
    }
    XCTAssertEqual(checked, sessions * steps)
  }
}
