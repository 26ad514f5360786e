import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// Random sessions (random actions, random backend outcomes, restarts): the state the store
/// published after every append equals the state replaying its log gives at that seq.
/// Sessions: `GALLERY_PROPERTY_SESSIONS` (default 25) of `GALLERY_PROPERTY_STEPS` (default 80) actions.
final class ReplayPropertyTests: XCTestCase {
  struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func pick<T>(_ options: [T]) -> T { options[Int(next() % UInt64(options.count))] }
  }

  func randomAction(_ rng: inout SplitMix) -> Action {
    let form: AuthForm = rng.pick([.login, .registration])
    let keys = (1...30).map { "demo:\($0)" }
    switch rng.next() % 23 {
    case 21:
      var change = SettingsChange()
      switch rng.next() % 4 {
      case 0: change.language = rng.pick(["en", "es"])
      case 1: change.pageSize = rng.pick([5, 20, 1000])
      case 2: change.appearance = rng.pick(["dark", "light", "neon"])
      default: change.imageCacheMegabytes = rng.pick([5, 50])
      }
      return .settings(.update(change))
    case 22:
      return .video(
        .playRandom(VideoWish(width: rng.pick([nil, 640, 1920]), height: rng.pick([nil, 360, 1080]))))
    case 19:
      return rng.pick([
        .account(.beginLogin(nonce: "abcdefabcdefabcdef")), .account(.loadImages), .account(.logout),
        .account(.delete(id: rng.pick(["demo1", "demo4", "up1", "nope"]))),
        .images(.prefetch([rng.pick(["account:demo1", "account:demo5"])])),
      ])
    case 20:
      let state = rng.pick(["abcdefabcdefabcdef", "forged"])
      return .account(
        .completeLogin(
          redirectURL: Secret(
            "demo://imgur/callback#access_token=demo-a&refresh_token=demo-r&expires_in=3600&token_type=bearer&account_username=demo&account_id=1&state=\(state)"
          )))
    case 16:
      return rng.pick([.albums(.load), .albums(.retry), .albums(.setSearch(rng.pick(["", "sea", "zoë"])))])
    case 17:
      return rng.pick([
        .albums(.open(albumID: Int(rng.next() % 25))), .albums(.openPhoto(photoID: Int(rng.next() % 60))),
        .navigation(.open(rng.pick(Tab.allCases))),
        .navigation(
          .adoptShape(AppShape(signIn: rng.pick([.required, .none]), home: rng.pick([.feed, .albums])))),
      ])
    case 18: return .images(.prefetch([rng.pick(["album:1", "album:2", "photo:1", "photo:13"])]))
    case 9: return .feed(.refresh)
    case 10: return .feed(.loadMore)
    case 11: return .images(.prefetch((0..<3).map { _ in rng.pick(keys) }))
    case 12: return .images(.cancelPrefetch([rng.pick(keys)]))
    case 13:
      return rng.pick([
        .feed(.openDetail(rng.pick(keys))), .feed(.closeDetail), .images(.retry(rng.pick(keys))),
      ])
    case 14: return .feed(.setConnectivity(online: rng.next() % 3 != 0))
    case 15: return .feed(.setQuery(rng.pick(["", "lake", "sky", "zzz"])))
    case 0, 1:
      return .auth(
        .setEmail(
          form, rng.pick(["", "a", "test@mail.com", " x@y.z ", "bad@", "new@mail.com", "ünï@cødé.org"])))
    case 2, 3: return .auth(.setPassword(form, Secret(String(repeating: "x", count: Int(rng.next() % 10)))))
    case 4: return .auth(.setAge(rng.pick(["", "abc", "12", "13", "44", "121", " 30 "])))
    case 5, 6: return .auth(.submit(form))
    case 7: return rng.pick([.auth(.openRegistration), .auth(.logout)])
    default: return .navigation(.back)
    }
  }

  func testLiveStateEqualsReplayAfterEveryAppend() throws {
    let env = ProcessInfo.processInfo.environment
    let sessions = Int(env["GALLERY_PROPERTY_SESSIONS"] ?? "") ?? 25
    let steps = Int(env["GALLERY_PROPERTY_STEPS"] ?? "") ?? 80
    var compared = 0
    for seed in 1...UInt64(sessions) {
      let dir = TemporaryDirectory()
      let outcomes = Locked(SplitMix(state: seed &* 7919))
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
      let options = Store.Options(durability: .none, snapshotEvery: 5, timerScale: 0)
      let live = Locked<[UInt64: Data]>([:])
      let patches = Locked<[Bool]>([])
      func open() throws -> Store {
        let store = try Store(dataDirectory: dir.path, environment: environment, options: options)
        let (version, state) = store.versionedState
        let json = try JSONCoding.encode(state)
        live.mutate { $0[version] = json }
        let previous = Locked(state)
        _ = store.observe { change in
          let json = try! JSONCoding.encode(change.state)
          live.mutate { $0[change.version] = json }
          // The typed patch does what the whole-document diff does.
          let before = try! AppState.view(previous.value)
          let patched = try! JSONPatch.apply(try! StatePatch.diff(previous.value, change.state), to: before)
          patches.mutate { $0.append(patched == (try! AppState.view(change.state))) }
          previous.mutate { $0 = change.state }
        }
        return store
      }
      var rng = SplitMix(state: seed)
      var store = try open()
      for _ in 0..<steps {
        _ = try? store.send(randomAction(&rng))
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
      XCTAssertTrue(
        patches.value.allSatisfy { $0 }, "seed \(seed): a typed patch differs from the document diff")
    }
    XCTAssertGreaterThan(compared, sessions * steps / 4)
  }
}
