import EventStore
import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// The store on a real data directory: append, fold, effects, restart, snapshots.
final class StoreTests: XCTestCase {
  func options(snapshotEvery: Int = 1000) -> Store.Options {
    let clock = Counter()
    var options = Store.Options(
      durability: .none, snapshotEvery: snapshotEvery, clock: { 1_795_000_000_000 + clock.next() })
    options.snapshotGrowth = 0  // these tests count snapshots by events alone
    return options
  }

  func signIn(_ store: Store, email: String = "test@mail.com", password: String = "123456") throws {
    try store.send(.auth(.setEmail(.login, email)))
    try store.send(.auth(.setPassword(.login, Secret(password))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
  }

  func testDemoSignInRecordsEventsRunsTheEffectAndSurvivesARestart() throws {
    let dir = TemporaryDirectory()
    do {
      let store = try Store(dataDirectory: dir.path, options: options())
      let changes = Locked<[UInt64]>([])
      let signedIn = Locked<Store.StateChange?>(nil)
      let observation = store.observe { change in
        changes.mutate { $0.append(change.version) }
        if change.events.contains(where: { $0.type == "auth.succeeded" }) { signedIn.mutate { $0 = change } }
      }
      try signIn(store)
      XCTAssertEqual(store.state.session, Session(status: .signedIn, email: "test@mail.com"))
      XCTAssertEqual(store.state.route, [Route(.home)])
      XCTAssertEqual(store.version, 6)
      // Issue 45, item 7: the sign-in (4) and its home's feed starting to load (5) are one
      // change, so no client renders an empty idle home between them.
      XCTAssertEqual(changes.value, [1, 2, 3, 5, 6], "one published state per append, in order")
      let home = try XCTUnwrap(signedIn.value)
      XCTAssertEqual(home.events.map(\.type), ["auth.succeeded", "feed.loadStarted"])
      XCTAssertEqual(home.state.route, [Route(.home)])
      XCTAssertEqual(
        home.state.feed.status, .loading, "the home shows its feed loading, never idle and empty")
      observation.cancel()
      let lines = String(
        decoding: FileManager.default.contents(atPath: dir.path + "/events.jsonl")!, as: UTF8.self
      )
      .split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
      XCTAssertEqual(
        lines.map { $0["type"] as! String },
        [
          "auth.fieldEdited", "auth.passwordEdited", "auth.submitted", "auth.succeeded", "feed.loadStarted",
          "feed.pageLoaded",
        ], "signing in moves home, and home refreshes the feed")
      XCTAssertNotNil(store.credentials.read().signIn?.token)
      try store.close()
    }
    let reopened = try Store(dataDirectory: dir.path, options: options())
    XCTAssertEqual(reopened.state.session.status, .signedIn, "a signed-in session survives a restart")
    XCTAssertEqual(reopened.recovery.replayedEvents, 6)
    XCTAssertEqual(reopened.recovery.closedWork, [])
    // Home refreshes the feed again on start: let that land before comparing with the log.
    reopened.waitUntilIdle()
    XCTAssertEqual(reopened.state, try Replay.state(ofLogAt: dir.path + "/events.jsonl"))
    try reopened.send(.auth(.logout))
    XCTAssertEqual(reopened.state.session.status, .signedOut)
    XCTAssertNil(reopened.credentials.read().signIn, "logout clears the credentials")
  }

  func testWrongPasswordShowsTheDemoBackendsMessage() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: options())
    try signIn(store, password: "654321")
    XCTAssertEqual(store.state.login.error?.message, "Wrong email or password.")
    XCTAssertEqual(store.state.session.status, .signedOut)
    XCTAssertTrue(store.state.login.canSubmit, "a second submit retries")
    // Issue 45, item 5: nothing in the message is English in a Spanish app, `args` included.
    var spanish = SettingsChange()
    spanish.language = "es"
    try store.send(.settings(.update(spanish)))
    XCTAssertEqual(store.state.login.error?.message, "Correo o contraseña incorrectos.")
    XCTAssertEqual(store.state.login.error?.args, [:], "the demo backend's refusal carries no English words")
  }

  func testRejectedActionsRecordNothing() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: options())
    XCTAssertThrowsError(try store.send(.navigation(.back))) { error in
      XCTAssertEqual((error as? Rejection)?.code, "nav.atRoot")
    }
    XCTAssertEqual(store.version, 0)
    XCTAssertEqual(store.log.lastSeq, 0)
  }

  func testRegistrationWithTheDemoBackendAndAnEmailAlreadyUsed() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: options())
    try store.send(.auth(.openRegistration))
    try store.send(.auth(.setEmail(.registration, "test@mail.com")))
    try store.send(.auth(.setPassword(.registration, Secret("abcdef"))))
    try store.send(.auth(.setAge("30")))
    try store.send(.auth(.submit(.registration)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.registration.error?.message, "This email is already registered.")
    XCTAssertEqual(store.state.registration.error?.args, [:], "no English words to show in another language")
    try store.send(.auth(.setEmail(.registration, "new@mail.com")))
    try store.send(.auth(.submit(.registration)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.session, Session(status: .signedIn, email: "new@mail.com"))
  }

  func testWorkInFlightAtAStopIsRecordedAsInterruptedOnRestart() throws {
    let dir = TemporaryDirectory()
    let stalled = StalledAuthBackend()
    do {
      let store = try Store(
        dataDirectory: dir.path, environment: GalleryEnvironment(auth: stalled), options: options())
      try store.send(.auth(.setEmail(.login, "test@mail.com")))
      try store.send(.auth(.setPassword(.login, Secret("123456"))))
      try store.send(.auth(.submit(.login)))
      XCTAssertTrue(store.state.login.isSubmitting)
      try store.close()
    }
    let reopened = try Store(dataDirectory: dir.path, options: options())
    XCTAssertEqual(reopened.recovery.closedWork, ["auth.interrupted", "auth.passwordsForgotten"])
    XCTAssertFalse(reopened.state.login.isSubmitting, "no spinner without an effect behind it")
    XCTAssertEqual(reopened.state.login.error?.code, "auth.interrupted")
    XCTAssertEqual(reopened.state.login.password.length, 0, "the password lived only in the stopped process")
    XCTAssertEqual(reopened.state.session.status, .signedOut)
    let done = expectation(description: "released")
    Task {
      await stalled.release()
      done.fulfill()
    }
    wait(for: [done], timeout: 10)
  }

  /// A snapshot costs in proportion to the state, so after the first one the next waits until
  /// the log has grown by the last snapshot's size too: a large state is not written out every
  /// few keystrokes, and a start still replays about one snapshot's worth of log at most.
  func testALargeStateWaitsForTheLogToGrowByItsSnapshotsSize() throws {
    let dir = TemporaryDirectory()
    var options = options(snapshotEvery: 10)
    options.snapshotGrowth = 1
    let snapshots = SnapshotStore(directory: dir.path + "/snapshots")
    var dataBytes: [UInt64: Int] = [:]
    let store = try Store(dataDirectory: dir.path, options: options)
    func type(_ n: Int) throws {
      let outcome = try store.send(.auth(.setEmail(.login, "user\(n)@mail.com")))
      for record in outcome.events { dataBytes[record.seq] = record.data.count }
    }
    for n in 0..<10 { try type(n) }
    XCTAssertEqual(snapshots.list().map(\.seq), [10], "the first is due by events alone")
    guard case .success(let first) = SnapshotStore.read(snapshots.list()[0].path) else {
      return XCTFail("the first snapshot does not read")
    }
    // Each event is far smaller than the state, so ten more are not enough.
    var n = 10
    var grown = 0
    while grown < first.state.count {
      XCTAssertEqual(
        snapshots.list().map(\.seq), [10], "at seq \(store.version): \(grown) of \(first.state.count) bytes")
      try type(n)
      grown += dataBytes[store.version] ?? 0
      n += 1
    }
    XCTAssertGreaterThan(store.version, 20, "the state (\(first.state.count) bytes) outweighs ten events")
    XCTAssertEqual(
      snapshots.list().map(\.seq).sorted(), [10, store.version],
      "due once the log grew by the snapshot's size")
    try store.close()
    let reopened = try Store(dataDirectory: dir.path, options: options)
    XCTAssertEqual(reopened.recovery.snapshotSeq, UInt64(n))
    XCTAssertEqual(reopened.recovery.replayedEvents, 0)
    XCTAssertEqual(reopened.state.login.email.value, "user\(n - 1)@mail.com")
    try reopened.close()
  }

  func testSnapshotsShortenStartUpAndCorruptOnesFallBack() throws {
    let dir = TemporaryDirectory()
    var live: AppState
    do {
      let store = try Store(dataDirectory: dir.path, options: options(snapshotEvery: 10))
      for n in 0..<25 { try store.send(.auth(.setEmail(.login, "user\(n)@mail.com"))) }
      live = store.state
      try store.close()
    }
    do {
      let store = try Store(dataDirectory: dir.path, options: options(snapshotEvery: 10))
      XCTAssertEqual(store.recovery.snapshotSeq, 20)
      XCTAssertEqual(store.recovery.replayedEvents, 5)
      XCTAssertEqual(store.state, live)
      XCTAssertEqual(try store.state(at: 15).login.email.value, "user14@mail.com", "time travel")
      XCTAssertEqual(try store.state(at: 20).login.email.value, "user19@mail.com")
      XCTAssertEqual(try store.state(at: 0), AppState())
      try store.close()
    }
    let newest = dir.path + "/snapshots/snapshot-00000000000000000020.snap"
    var bytes = [UInt8](FileManager.default.contents(atPath: newest)!)
    bytes[bytes.count - 3] ^= 0x01
    _ = FileManager.default.createFile(atPath: newest, contents: Data(bytes))
    let store = try Store(dataDirectory: dir.path, options: options(snapshotEvery: 10))
    XCTAssertEqual(store.recovery.snapshotSeq, 10)
    XCTAssertEqual(store.recovery.replayedEvents, 15)
    XCTAssertEqual(store.recovery.snapshotProblems.count, 1)
    XCTAssertTrue(store.recovery.snapshotProblems[0].contains("checksum"))
    XCTAssertEqual(store.state, live)
  }

  func testASecondStoreOnTheSameDirectoryIsRefused() throws {
    let dir = TemporaryDirectory()
    let store = try Store(dataDirectory: dir.path, options: options())
    XCTAssertThrowsError(try Store(dataDirectory: dir.path, options: options())) { error in
      XCTAssertTrue("\(error)".contains("events.jsonl.lock"), "\(error)")
    }
    try store.close()
  }

  func testAnEventTypeFromANewerBuildStopsReplayNamingTheSeq() throws {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl")
    try log.append([
      NewEvent(type: "auth.fieldEdited", data: Array(#"{"form":"login","field":"email","value":"a"}"#.utf8))
    ])
    try log.append([NewEvent(type: "feed.fromTheFuture", data: Array("{}".utf8))])
    try log.close()
    XCTAssertThrowsError(try Store(dataDirectory: dir.path, options: options())) { error in
      XCTAssertEqual((error as? ReplayError)?.seq, 2)
      XCTAssertTrue("\(error)".contains("unknown event type"), "\(error)")
    }
  }
}
