import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import JSON
import Observation
import XCTest

/// The Swift client: its mirror equals `state/get` after every step of a long random session
/// (in-process, on the test clock), a gap resynchronises it, rejections arrive typed, and a
/// spawned binary serves the same API.
final class GalleryClientTests: XCTestCase {
  func testTheMirrorEqualsTheStateAfterEveryStepOfARandomSession() async throws {
    let dir = TemporaryDirectory()
    let client = try GalleryClient.inProcess(
      dataDirectory: dir.path, options: Store.Options(durability: .none),
      testClock: ManualClock(start: 946_684_800_000))
    try await client.start(clientName: "GalleryClientTests")
    var rng = SessionRandom(31)
    let steps = SuiteLength.value("GALLERY_CLIENT_STEPS", default: 400)
    var rejected = 0
    for step in 0..<steps {
      let state = try XCTUnwrap(client.state)
      let keys = state.feed.items.map(\.key)
      let request: any GalleryRequest =
        switch rng.next(16) {
        case 0: Requests.AuthSetEmail(value: ["test@mail.com", "x", "a@b.co", ""][rng.next(4)])
        case 1: Requests.AuthSetPassword(value: ["123456", "1", "secret1"][rng.next(3)])
        case 2: Requests.AuthSubmitLogin()
        case 3: Requests.FeedSetQuery(text: ["", "cat", "sky", "ñandú", "c++"][rng.next(5)])
        case 4: Requests.FeedLoadMore()
        case 5: Requests.FeedRefresh()
        case 6: Requests.NavOpen(screen: Requests.NavOpen.Screen.allCases[rng.next(5)])
        case 7: Requests.NavBack()
        case 8: Requests.AlbumsSetSearch(text: ["", "a", "trip", "zoë"][rng.next(4)])
        case 9:
          Requests.AlbumsOpen(
            albumId: state.albums.all.isEmpty ? 1 : state.albums.all[rng.next(state.albums.all.count)].id)
        case 10: Requests.ImagesPrefetch(keys: Array(keys.prefix(3)))
        case 11: Requests.FeedOpenDetail(key: keys.isEmpty ? "demo:1" : keys[rng.next(keys.count)])
        case 12: Requests.DetailClose()
        case 13: Requests.ConnectivitySet(online: rng.next(5) > 0)
        case 14: Requests.SettingsUpdate(language: rng.next(2) == 0 ? .en : .es)
        default: Requests.AuthLogout()
        }
      do { _ = try await client.send(request) } catch let error as GalleryClient.RequestError
        where error.code == -32010
      {
        rejected += 1
        // Every refusal is one the method declares (openrpc.json's x-rejection-codes).
        let reason = try XCTUnwrap(error.reason, "\(error)")
        XCTAssertTrue(
          type(of: request).rejections.contains(reason), "\(type(of: request).method) refused with \(reason)")
      }
      if rng.next(2) == 0 {
        try await client.send(Requests.TestAdvanceClock(milliseconds: [1, 300, 1000][rng.next(3)]))
      }
      try await client.send(Requests.TestSettle())
      try await assertMirrors(client, "step \(step): \(type(of: request).method)")
    }
    XCTAssertLessThan(rejected, steps, "some actions went through")
    XCTAssertGreaterThan(client.version, steps / 4)
    XCTAssertEqual(client.resyncs, 0, "every patch applied in order, none needed the whole state")
    let status = await client.close()
    XCTAssertEqual(status, 0)
  }

  func testAGapResynchronisesAndARejectionIsTyped() async throws {
    let dir = TemporaryDirectory()
    let client = try GalleryClient.inProcess(
      dataDirectory: dir.path, options: Store.Options(durability: .none))
    try await client.start()
    try await client.send(Requests.AuthSetEmail(value: "a@b.co"))
    let version = client.version
    client.receiveChange(
      .object([
        "fromVersion": .number(Double(version + 5)), "version": .number(Double(version + 6)),
        "patch": .array([]),
      ]))
    try await client.send(Requests.AuthSetEmail(value: "c@d.co"))
    _ = try await client.waitFor { $0.login.email.value == "c@d.co" }
    XCTAssertGreaterThanOrEqual(client.resyncs, 1)
    try await assertMirrors(client, "after the resync")
    do {
      try await client.send(Requests.AlbumsOpen(albumId: 999))
      XCTFail("album 999 opened")
    } catch let error as GalleryClient.RequestError {
      XCTAssertEqual(error.code, -32010)
      XCTAssertEqual(error.reason, .albumsUnknownAlbum)
      XCTAssertEqual(error.args, ["id": "999"])
    }
    let status = await client.close()
    XCTAssertEqual(status, 0)
  }

  func testASpawnedBinaryServesTheSameAPIAndStreamsItsStates() async throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("gallery-rpc").path
    let candidates = [
      binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gallery-rpc").path,
    ]
    let path = try XCTUnwrap(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "\(candidates)")
    let dir = TemporaryDirectory()
    let client = try GalleryClient.spawn(
      binary: path, dataDirectory: dir.path, arguments: ["--log-level", "error"])
    try await client.start()
    let statuses = Task {
      var seen: [FeedState.Status] = []
      for await state in client.states() {
        if seen.last != state.feed.status { seen.append(state.feed.status) }
        if state.feed.status == .loaded { break }
      }
      return seen
    }
    try await client.send(Requests.AuthSetEmail(value: "test@mail.com"))
    try await client.send(Requests.AuthSetPassword(value: "123456"))
    let result = try await client.send(Requests.AuthSubmitLogin())
    XCTAssertGreaterThanOrEqual(client.version, result.version, "the answer's state is in the mirror")
    let loaded = try await client.waitFor { $0.feed.status == .loaded }
    XCTAssertFalse(loaded.feed.items.isEmpty)
    let seen = await statuses.value
    XCTAssertEqual(seen.last, .loaded, "\(seen)")
    try await assertMirrors(client, "a spawned binary")
    let status = await client.close()
    XCTAssertEqual(status, 0)
  }

  @MainActor
  func testTheObservableModelFollowsTheState() async throws {
    let dir = TemporaryDirectory()
    let client = try GalleryClient.inProcess(
      dataDirectory: dir.path, options: Store.Options(durability: .none))
    try await client.start()
    let model = GalleryModel(client: client)
    try await client.send(Requests.AuthSetEmail(value: "model@b.co"))
    await Self.waitFor(model) { $0?.login.email.value == "model@b.co" }
    XCTAssertEqual(model.state?.login.email.value, "model@b.co")
    model.stop()
    let status = await client.close()
    XCTAssertEqual(status, 0)
  }

  /// Waits until `done` holds for the model's state, woken by each change the model observes
  /// (no polling); at most 30 s, after which the test's assertion says what was seen.
  @MainActor
  static func waitFor(_ model: GalleryModel, _ done: (AppState?) -> Bool) async {
    while !done(model.state) {
      let changed: Bool = await withCheckedContinuation { continuation in
        let resumed = Locked(false)
        let resume = { @Sendable (changed: Bool) in
          var first = false
          resumed.mutate {
            first = !$0
            $0 = true
          }
          if first { continuation.resume(returning: changed) }
        }
        // Registered on the main actor, where the model changes: no change is missed between.
        withObservationTracking {
          _ = model.state
        } onChange: {
          resume(true)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { resume(false) }
      }
      if !changed { return }
    }
  }

  /// Results are typed: each decodes from the real server's answer.
  func testResultsArriveTyped() async throws {
    let dir = TemporaryDirectory()
    let client = try GalleryClient.inProcess(
      dataDirectory: dir.path, options: Store.Options(durability: .none), testClock: ManualClock(start: 0))
    let initialized = try await client.start(clientName: "typed")
    XCTAssertTrue(initialized.capabilities.testClock)
    XCTAssertEqual(initialized.capabilities.demoAccount?.email, "test@mail.com")
    let edited = try await client.send(Requests.AuthSetEmail(value: "a@b.co"))
    XCTAssertEqual(edited.events.map(\.type), ["auth.fieldEdited"])
    let login = try await client.send(Requests.StateGet(pointer: "/login/email/value"))
    XCTAssertEqual(login.value, .string("a@b.co"))
    let read = try await client.send(Requests.EventsRead(from: 1, limit: 10))
    XCTAssertEqual(read.events.last?.type, "auth.fieldEdited")
    XCTAssertEqual(read.events.last?.seq, read.lastSeq)
    let moved = try await client.send(Requests.TestAdvanceClock(milliseconds: 1000))
    XCTAssertEqual(moved.time, "1970-01-01T00:00:01.000Z")
    let status = await client.close()
    XCTAssertEqual(status, 0)
  }

  private func assertMirrors(_ client: GalleryClient, _ what: String) async throws {
    let answer = try await client.send(Requests.StateGet())
    _ = try await client.waitFor { _ in client.version >= answer.version }
    XCTAssertEqual(client.version, answer.version, what)
    XCTAssertEqual(client.stateJSON, answer.value, what)
  }
}

/// A small deterministic generator for the session (the same steps on every run).
private struct SessionRandom {
  private var state: UInt64
  init(_ seed: UInt64) { state = seed }
  mutating func next(_ below: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(below))
  }
}

/// `GalleryClient.rerun`: a saved session run again on the built binary, its report typed.
final class GalleryClientRerunTests: XCTestCase {
  func testASavedSessionStillBehavesAndOneThatDoesNotIsNamed() throws {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("gallery-rpc").path
    let candidates = [
      binary, Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("gallery-rpc").path,
    ]
    let path = try XCTUnwrap(candidates.first { FileManager.default.isExecutableFile(atPath: $0) })
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("GalleryCoreTests/Fixtures").path
    let same = try GalleryClient.rerun(binary: path, path: fixtures + "/login-typo-then-success.jsonl")
    XCTAssertNil(same.divergence)
    XCTAssertEqual(same.events, 9)
    let other = try GalleryClient.rerun(
      binary: path, path: fixtures + "/legacy/auth-only-login-wrong-password-retry-logout.jsonl")
    XCTAssertEqual(other.divergence?.seq, 8)
    XCTAssertThrowsError(try GalleryClient.rerun(binary: path, path: fixtures + "/missing.jsonl")) {
      XCTAssertEqual(($0 as? GalleryClient.RerunFailure)?.status, 2)
    }
  }
}
