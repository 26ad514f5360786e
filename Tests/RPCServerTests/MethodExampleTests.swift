import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer
import XCTest

/// Every method's example (its contract's `.example(...)`, what the cost table counts) does
/// the method's work: run in turn against a core on a small fake Pixabay and JSONPlaceholder,
/// each is answered with a result, not refused, and the calls around it are too.
final class MethodExampleTests: XCTestCase {
  /// Every method the table does not count is one a session has once (the lifecycle) or one
  /// only the test clock has; every other one declares an example.
  func testEveryMethodButTheLifecycleAndTheTestClockHasAnExample() {
    let missing = MethodCatalog.all.filter { $0.example == nil }.map(\.name)
    let lifecycle = MethodCatalog.all.filter { spec in
      switch spec.route {
      case .lifecycleNotification, .builtin(.initialize), .builtin(.attachRole), .builtin(.shutdown):
        return true
      default: return spec.needsTestClock
      }
    }.map(\.name)
    XCTAssertEqual(missing, lifecycle)
    XCTAssertEqual(
      MethodExampleTour.methods.count + lifecycle.count, MethodCatalog.all.count, "each method counted once")
  }

  /// Each example names parameters its method declares (the required ones all given) and
  /// calls methods that exist with parameters they declare.
  func testExamplesNameWhatTheirMethodsDeclare() throws {
    for spec in MethodExampleTour.methods {
      let example = try XCTUnwrap(spec.example)
      check(spec.name, Set(example.params.keys), against: spec)
      for step in example.before + example.after {
        let called = try XCTUnwrap(
          MethodCatalog.byName[step.method]?.spec, "\(spec.name) calls \(step.method)")
        check("\(spec.name)'s call of \(step.method)", Set(step.params.keys), against: called)
      }
    }
  }

  func check(_ what: String, _ given: Set<String>, against spec: MethodSpec) {
    let declared = Set(spec.params.map(\.name))
    XCTAssertTrue(given.isSubset(of: declared), "\(what) gives \(given.subtracting(declared).sorted())")
    let required = Set(spec.params.filter { $0.required }.map(\.name))
    XCTAssertTrue(required.isSubset(of: given), "\(what) misses \(required.subtracting(given).sorted())")
  }

  /// The tour over a small session: every method answered with a result, every call around
  /// it too, and the session back where it started after each (the next examples find it).
  func testEveryExampleDoesItsWork() throws {
    let providers = try SizedProviders(photos: 60, albums: 100)
    defer { providers.stop() }
    let core = try InProcessServer(environment: providers.environment())
    _ = core.initialize()
    let tour = MethodExampleTour { method, params, _ in
      let id = core.request(method, String(decoding: JSONWriter.bytes(params), as: UTF8.self))
      return core.response(to: id).response
    }
    XCTAssertEqual(tour.prepare(.init(photos: 40, keptPhotos: 5, typedEvents: 10)), [])
    for spec in MethodExampleTour.methods {
      let (response, problems) = tour.run(spec)
      if let error = response["error"] {
        XCTFail("\(spec.name): \(MethodExampleTour.describe(error))")
      }
      XCTAssertEqual(problems, [], spec.name)
    }
  }
}
