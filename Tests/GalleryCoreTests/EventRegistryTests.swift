import XCTest

@testable import GalleryCore

/// The registry derived from the module list: every event type has one owner that folds
/// it, and a module list that does not fit together is refused by name.
final class EventRegistryTests: XCTestCase {
  struct Pinged: EventPayload {
    static let type = "test.pinged"
    static let documented = EventDoc(data: "`n`", recordedWhen: "a ping")
    static let role: EventRole<Self> = .decision
    var n: Int
  }
  struct Ponged: EventPayload {
    static let type = "test.ponged"
    static let documented = EventDoc(data: "", recordedWhen: "a pong")
    static let role: EventRole<Self> = .decision
  }

  enum Pinger: FeatureModule {
    static let name = "test"
    static let stateParts: [StatePart] = []
    static let messages: [Language: [String: String]] = [:]
    static let events: [any EventPayload.Type] = [Pinged.self, Ponged.self]
    static let handlers: [EventHandler] = [
      .fold(Pinged.self) { state, e in state.nextRequestID += e.n },
      .ignore(Ponged.self),
    ]
  }
  enum Forgetful: FeatureModule {
    static let name = "test"
    static let stateParts: [StatePart] = []
    static let messages: [Language: [String: String]] = [:]
    static let events: [any EventPayload.Type] = [Ponged.self]
    static let handlers: [EventHandler] = [.plan(Ponged.self) { _, _ in [] }]
  }
  enum Listener: FeatureModule {
    static let name = "test"
    static let stateParts: [StatePart] = []
    static let messages: [Language: [String: String]] = [:]
    static let events: [any EventPayload.Type] = []
    static let handlers: [EventHandler] = [.fold(AuthEvents.SignedOut.self) { _, _ in }]
  }

  func testTheAppsModulesFitAndEveryRegisteredTypeIsFolded() {
    let registry = EventRegistry(GalleryModules.all)
    XCTAssertEqual(registry.problems, [])
    XCTAssertEqual(registry.registered.count, registry.types.count)
    for t in registry.registered {
      guard let sample = registry.types[t.type] else { return XCTFail("\(t.type) not found by name") }
      XCTAssertTrue(sample == t)
    }
    // Old logs' type names all still resolve.
    for name in [
      "auth.fieldEdited", "feed.imageLoaded", "albums.previewFound", "account.uploaded", "video.picked",
      "settings.changed", "nav.back", "connectivity.changed", "log.base",
    ] {
      XCTAssertNotNil(registry.types[name], name)
    }
  }

  func testATypeRegisteredTwiceIsAProblemNamingIt() {
    let registry = EventRegistry([Pinger.self, Forgetful.self])
    XCTAssertTrue(
      registry.problems.contains { $0.contains("test.ponged is registered twice") }, "\(registry.problems)")
  }

  func testARegisteredTypeWithoutAFoldIsAProblemNamingIt() {
    let registry = EventRegistry([Forgetful.self])
    XCTAssertEqual(registry.problems.count, 1)
    XCTAssertTrue(registry.problems[0].contains("does not fold it"), registry.problems[0])
  }

  func testHandlingATypeNoModuleRegistersIsAProblem() {
    let registry = EventRegistry([Pinger.self, Listener.self])
    XCTAssertEqual(registry.problems, ["Listener handles auth.signedOut, which no module registers"])
  }

  func testEventsReachTheirOwnersFold() {
    let registry = EventRegistry([Pinger.self])
    var state = AppState()
    let before = state.nextRequestID
    for fold in registry.route(of: Pinged(n: 5))?.folds ?? [] { fold(&state, Pinged(n: 5)) }
    XCTAssertEqual(state.nextRequestID, before + 5)
    XCTAssertNil(registry.route(of: AuthEvents.SignedOut()), "a type no module handles goes nowhere")
  }

  /// The failure carriers are found by each type's own answer (`failureAccess`), never a cast:
  /// that answer is exactly the conformance to `CarriesFailure`, and it reads the failure.
  func testEveryTypeThatCarriesAFailureSaysSoItself() {
    let all = GalleryModules.all.flatMap { $0.events }
    for type in all {
      XCTAssertEqual(type.failureAccess != nil, type is any CarriesFailure.Type, "\(type)")
    }
    XCTAssertEqual(FailureCarriers.types.count, all.filter { $0 is any CarriesFailure.Type }.count)
    XCTAssertGreaterThan(FailureCarriers.types.count, 5)
    let failure = RequestFailure(kind: .offline, detail: "down")
    let event = FeedEvents.LoadFailed(requestID: 3, failure: failure)
    XCTAssertEqual(FailureCarriers.failure(of: event), failure)
    XCTAssertNil(FailureCarriers.failure(of: Pinged(n: 1)))
    let stamped = FailureCarriers.stamped(event, observedAt: "2026-11-28T05:00:00.000Z")
    XCTAssertEqual(FailureCarriers.failure(of: stamped)?.observedAt, "2026-11-28T05:00:00.000Z")
  }
}
