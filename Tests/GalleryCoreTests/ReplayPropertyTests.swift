import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Random sessions (random actions, random backend outcomes, restarts): the state the store
/// published after every append equals the state replaying its log gives at that seq.
/// Sessions: `GALLERY_PROPERTY_SESSIONS` (default 25) of `GALLERY_PROPERTY_STEPS` (default 80) actions.
final class ReplayPropertyTests: XCTestCase {
  func testLiveStateEqualsReplayAfterEveryAppend() throws {
    let sessions = SuiteLength.value("GALLERY_PROPERTY_SESSIONS", default: 25)
    let steps = SuiteLength.value("GALLERY_PROPERTY_STEPS", default: 80)
    var compared = 0
    for seed in 1...UInt64(sessions) {
      let dir = TemporaryDirectory()
      let outcomes = Locked(RandomSession(seed: seed &* 7919))
      let backend = ScriptedAuthBackend { _, _, _ in
        var roll: UInt64 = 0
        outcomes.mutate { roll = $0.next() % 10 }
        switch roll {
        case 0...3: return .success(AuthGrant(token: Secret("t")))
        case 4...6: return .failure(RequestFailure(kind: .rejected, status: 400, serverMessage: "no"))
        case 7, 8: return .failure(RequestFailure(kind: .offline))
        default: return .failure(RequestFailure(kind: .http, status: 500))
        }
      }
      let environment = GalleryEnvironment(auth: backend, feed: DemoCatalog())
      var options = Store.Options(durability: .none, snapshotEvery: 5, timerScale: 0)
      options.snapshotGrowth = 0  // a snapshot every 5 events, whatever the state's size
      let live = Locked<[UInt64: [UInt8]]>([:])
      let patches = Locked<[Bool]>([])
      let bytesAgree = Locked<[Bool]>([])
      func open() throws -> Store {
        let store = try Store(dataDirectory: dir.path, environment: environment, options: options)
        let (version, state) = store.versionedState
        let json = try JSONCoding.encode(state)
        live.mutate { $0[version] = json }
        let previous = Locked(state)
        _ = store.observe { change in
          let json = try! JSONCoding.encode(change.state)
          live.mutate { $0[change.version] = json }
          // Bytes written straight from the encoder's tree are the writer's bytes of its value.
          let tree = try! JSONValueEncoder().encode(change.state)
          bytesAgree.mutate { $0.append(json == JSONWriter.bytes(tree)) }
          // The typed patch does what the whole-document diff does.
          let before = try! AppState.view(previous.value)
          let patched = try! JSONPatch.apply(try! StatePatch.diff(previous.value, change.state), to: before)
          patches.mutate { $0.append(patched == (try! AppState.view(change.state))) }
          previous.mutate { $0 = change.state }
        }
        return store
      }
      var rng = RandomSession(seed: seed)
      var store = try open()
      for _ in 0..<steps {
        _ = try? store.send(rng.action())
        store.waitUntilIdle()
        if rng.next() % 25 == 0 {
          try store.close()
          store = try open()
        }
      }
      let final = store.state
      try store.close()

      var replayed = AppState()
      _ = try Replay.fold(try LogCursor(path: dir.path + "/events.jsonl"), into: AppState()) {
        record, _, state in
        replayed = state
        if let json = live.value[record.seq] {
          XCTAssertEqual(
            String(decoding: try! JSONCoding.encode(state), as: UTF8.self),
            String(decoding: json, as: UTF8.self),
            "seed \(seed), seq \(record.seq)")
          compared += 1
        }
        return true
      }
      XCTAssertEqual(replayed, final, "seed \(seed)")
      XCTAssertFalse(patches.value.isEmpty)
      XCTAssertEqual(bytesAgree.value.count, patches.value.count)
      XCTAssertTrue(
        bytesAgree.value.allSatisfy { $0 }, "seed \(seed): encodeBytes differs from JSONWriter.bytes(encode)")
      XCTAssertTrue(
        patches.value.allSatisfy { $0 }, "seed \(seed): a typed patch differs from the document diff")
    }
    XCTAssertGreaterThan(compared, sessions * steps / 4)
  }
}
