import GalleryCore
import GalleryTesting
import JSON
import JSONRPC
import XCTest

@testable import RPCServer

/// The keystroke's messages are written straight to bytes; they must be exactly the bytes the
/// same messages built as values and written by `JSONWriter` were (what clients and golden
/// sessions have always read).
final class AnswerBytesTests: XCTestCase {
  func outcome(_ dir: TemporaryDirectory) throws -> Store.Outcome {
    let store = try Store(dataDirectory: dir.path, options: .init(durability: .none))
    defer { try? store.close() }
    return try store.send(.auth(.setEmail(.login, "a\"b\\c@mail.com")))
  }

  /// The object the server used to build for an action's answer.
  func asValue(_ outcome: Store.Outcome, _ extra: [String: JSONValue]) -> JSONValue {
    var result: [String: JSONValue] = [
      "version": .number(Double(outcome.version)),
      "events": .array(
        outcome.events.map { .object(["seq": .number(Double($0.seq)), "type": .string($0.type)]) }),
    ]
    result.merge(extra) { _, extra in extra }
    return .object(result)
  }

  func testAnActionsAnswerIsTheBytesOfItsObjectWithTheMethodsMembersInTheirSortedPlace() throws {
    let dir = TemporaryDirectory()
    let outcome = try outcome(dir)
    let extras: [[String: JSONValue]] = [
      [:],
      ["demoRedirectURL": .string("demo://x?a=1&b=\u{1}")],  // before "events"
      ["reason": .string("loading")],  // between "events" and "version"
      ["workDone": .object(["b": .bool(true), "a": .null])],  // after "version"
      ["a": .integer(1 << 60), "f": .array([]), "z": .number(0.5)],  // one in each place
      ["events": .string("the method's own"), "version": .null],  // a clash: the method's wins
    ]
    for extra in extras {
      XCTAssertEqual(
        String(decoding: ActionResult.bytes(outcome, extra: extra), as: UTF8.self),
        String(decoding: JSONWriter.bytes(asValue(outcome, extra)), as: UTF8.self), "\(extra)")
    }
    let ids: [RPCID] = [
      .number(7), .number(-0.0), .number(-12), .number(9_007_199_254_740_991), .number(9_007_199_254_740_992),
      .number(0.5), .integer(1 << 60), .string("k\"1"), .null,
    ]
    for id in ids {
      let bytes = ActionResult.bytes(outcome, extra: [:])
      XCTAssertEqual(
        HeldAnswer.result(id, bytes).bytes(), JSONWriter.bytes(RPCOutgoing.result(id, asValue(outcome, [:]))))
      let failure = RPCError.storage("disk full")
      XCTAssertEqual(
        HeldAnswer.batch([.result(id, bytes), .message(RPCOutgoing.error(id, .methodNotFound("x")))]).bytes(
          failing: failure),
        JSONWriter.bytes(
          .array([RPCOutgoing.error(id, failure), RPCOutgoing.error(id, .methodNotFound("x"))])),
        "a failed fsync turns the successes into its error")
    }
  }

  func testStateChangedIsTheBytesOfItsNotification() {
    let patch = [
      JSONPatch.Operation(.replace, "/login/email/value", .string("a\"b\n")),
      JSONPatch.Operation(.remove, "/feed/items/3"),
      JSONPatch.Operation(.add, "/a~1b", .object(["z": .integer(1), "a": .array([.null, .bool(false)])])),
    ]
    for ops in [[], patch] {
      let value = RPCOutgoing.notification(
        "state/changed",
        .object([
          "fromVersion": .number(41), "version": .number(9_007_199_254_740_991),
          "patch": .array(ops.map(\.json)),
        ]))
      XCTAssertEqual(
        String(
          decoding: GalleryServer.stateChanged(from: 41, version: 9_007_199_254_740_991, patch: ops),
          as: UTF8.self),
        String(decoding: JSONWriter.bytes(value), as: UTF8.self))
    }
  }
}
