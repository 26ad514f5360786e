import Foundation
import GalleryCore
import GalleryTesting
import XCTest

@testable import RPCServer

/// Issue 45's rule for every message: a `retry` is offered only when calling it can succeed
/// from the state shown. Over random sessions (providers failing now and then, restarts),
/// every retry any state offers is taken as a frontend would send it: its parameters must
/// read (no -32602) and its feature must not refuse it for a reason the user would have to
/// fix first. A wait a server asked for (`request.retryTooSoon`) is the one refusal allowed:
/// the message says how long.
/// Sessions: `GALLERY_RETRY_SESSIONS` (default 6) of `GALLERY_RETRY_STEPS` (default 100).
final class OfferedRetryTests: XCTestCase {
  func testEveryOfferedRetryCanBeCalledFromTheStateThatOffersIt() throws {
    let sessions = SuiteLength.value("GALLERY_RETRY_SESSIONS", default: 6)
    let steps = SuiteLength.value("GALLERY_RETRY_STEPS", default: 100)
    var offered = 0
    for seed in 1...UInt64(sessions) {
      let dir = TemporaryDirectory()
      var rng = RandomSession(seed: seed &* 7_919)
      let trouble = RequestFailure(kind: .offline, detail: "down")
      let feed = SwitchedFeed()
      let account = SwitchedAccount()
      var environment = GalleryEnvironment().with { $0.account = account }
      environment.feed = feed
      let store = try Store(
        dataDirectory: dir.path, environment: environment,
        options: .init(durability: .none, snapshotEvery: 7, snapshotGrowth: 0, timerScale: 0))
      for step in 0..<steps {
        feed.failure.mutate { $0 = rng.next() % 4 == 0 ? trouble : nil }
        account.failure.mutate { $0 = rng.next() % 3 == 0 ? trouble : nil }
        _ = try? store.send(rng.action())
        store.waitUntilIdle()
        let state = store.state
        for retry in Self.retries(in: try AppState.view(state)) {
          offered += 1
          guard let spec = MethodCatalog.byName[retry.method]?.spec, case .action(let build, _) = spec.route
          else {
            XCTFail("seed \(seed), step \(step): a retry names \(retry.method), which is no action")
            continue
          }
          let action: Action
          do {
            let p = try Params(retry.params, allowed: spec.paramNames)
            action = try build(p, MethodContext(dataDirectory: dir.path, currentState: { state })).action
          } catch {
            XCTFail("seed \(seed), step \(step): \(retry.method) \(retry.params): \(error.message)")
            continue
          }
          do {
            _ = try AppMachine.decide(action, state)
          } catch {
            if error.code != "request.retryTooSoon" {
              XCTFail("seed \(seed), step \(step): \(retry.method) is offered but refused: \(error.code)")
            }
          }
        }
      }
      try store.close()
    }
    XCTAssertGreaterThan(offered, 0, "the sessions offered no retry at all")
  }

  /// Every `{"retry": {"method", "params"}}` in `value`, at any depth.
  static func retries(in value: JSONValue) -> [(method: String, params: JSONValue)] {
    switch value {
    case .object(let members):
      var found: [(String, JSONValue)] = []
      if case .object(let retry)? = members["retry"], case .string(let method)? = retry["method"] {
        found.append((method, retry["params"] ?? .object([:])))
      }
      for (_, member) in members { found += retries(in: member) }
      return found
    case .array(let items): return items.flatMap { retries(in: $0) }
    default: return []
    }
  }
}
