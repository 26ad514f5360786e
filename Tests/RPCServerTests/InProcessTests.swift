import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// The server's behaviour in process: lifecycle, actions and patches, batches, long reads and
/// their cancellation, errors, in both framings.
final class InProcessTests: XCTestCase {
  func testASessionInBothFramings() throws {
    for framing in Framing.allCases {
      let server = try InProcessServer(framing: framing)
      XCTAssertEqual(
        server.error(Requests.StateGet())["code"], .number(-32002), "\(framing): initialize first")
      XCTAssertEqual(server.call("initialize", "null")["serverInfo"]?["name"], .string("gallery-rpc"))
      XCTAssertEqual(server.error(Requests.Initialize())["code"], .number(-32600), "only once")
      let id = server.request(Requests.AuthSetEmail(value: "test@mail.com"))
      let (notes, answer) = server.response(to: id)
      XCTAssertEqual(answer["result"]?["events"]?.array?.first?["type"], .string("auth.fieldEdited"))
      let change = try XCTUnwrap(notes.first { $0["method"] == .string("state/changed") })
      XCTAssertEqual(
        change["params"]?["version"], answer["result"]?["version"], "the patch comes before the answer")
      XCTAssertEqual(server.store.state.login.email.value, "test@mail.com")
      XCTAssertEqual(server.call(Requests.Shutdown()), .null)
      XCTAssertEqual(server.error(Requests.StateGet())["code"], .number(-32600), "refused after shutdown")
      server.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
      XCTAssertEqual(server.finish(), 0, "exit after shutdown is a clean stop")
    }
  }

  func testBatchesNotificationsAndErrorsEachGetTheirAnswer() throws {
    let server = try InProcessServer()
    server.call(Requests.Initialize())
    server.send(
      #"[{"jsonrpc":"2.0","id":"a","method":"state/get","params":{"pointer":"/session/status"}},{"jsonrpc":"2.0","method":"auth/setEmail","params":{"value":"x@y.z"}},{"jsonrpc":"2.0","id":"b","method":"no/such"},{"jsonrpc":"2.0","id":"c","method":"registration/setAge","params":{"value":1}}]"#
    )
    var batch: [JSONValue]?
    while batch == nil, let message = server.next() { batch = message.array }
    let answers = try XCTUnwrap(batch)
    XCTAssertEqual(answers.count, 3, "the notification is not answered")
    XCTAssertEqual(answers.first { $0["id"] == .string("a") }?["result"]?["value"], .string("signedOut"))
    XCTAssertEqual(answers.first { $0["id"] == .string("b") }?["error"]?["code"], .number(-32601))
    XCTAssertEqual(answers.first { $0["id"] == .string("c") }?["error"]?["code"], .number(-32602))
    XCTAssertEqual(server.store.state.login.email.value, "x@y.z", "the notification's action was performed")
    XCTAssertEqual(server.error(Requests.NavBack())["code"], .number(-32010))
    XCTAssertEqual(server.error("auth/setEmail", #"{"value":"a","extra":1}"#)["code"], .number(-32602))
  }

  func testLongReadsReportProgressAndAreCancelledByTheirID() throws {
    let server = try InProcessServer()
    server.call(Requests.Initialize())
    for k in 0..<50 { server.call(Requests.AuthSetEmail(value: "u\(k)@mail.com")) }
    let read = server.call("events/read", #"{"from":1,"limit":10,"workDoneToken":"t"}"#)
    XCTAssertEqual(read["events"]?.array?.count, 10)
    let past = server.call(Requests.HistoryStateAt(seq: 20, pointer: "/login/email/value"))
    XCTAssertEqual(past["value"], .string("u19@mail.com"), "seq k + 1 is the k-th edit")
    XCTAssertEqual(server.error(Requests.HistoryStateAt(seq: 99999))["code"], .number(-32602))
    // A cancel for an id that is not running changes nothing; the server goes on.
    server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":12345}}"#)
    XCTAssertEqual(server.call(Requests.EventsSubscribe(from: 51))["lastSeq"], .number(50))
    let typed = server.response(to: server.request(Requests.AuthSetEmail(value: "last@mail.com")))
    var appended = typed.notifications.filter { $0["method"] == .string("events/appended") }
    while appended.isEmpty, let message = server.next() {
      if message["method"] == .string("events/appended") { appended.append(message) }
    }
    XCTAssertEqual(appended.first?["params"]?["events"]?.array?.first?["seq"], .number(51))
    XCTAssertEqual(server.call(Requests.EventsUnsubscribe()), .null)
  }
}

/// Every action of the catalog, once, with valid parameters: each is answered with its
/// events or a rejection naming why (never an internal error), and the log replays to the
/// state the server holds. Pipelined under `--durability fsync`, the answers share fsyncs.
final class InProcessCatalogTests: XCTestCase {
  static let params: [String: String] = [
    "auth/setEmail": #"{"value":"test@mail.com"}"#, "auth/setPassword": #"{"value":"123456"}"#,
    "registration/setEmail": #"{"value":"new@mail.com"}"#, "registration/setPassword": #"{"value":"abcdef"}"#,
    "registration/setAge": #"{"value":"30"}"#, "feed/setQuery": #"{"text":"cat"}"#,
    "feed/prefetch": #"{"keys":["demo:1"]}"#, "feed/cancelPrefetch": #"{"keys":["demo:1"]}"#,
    "feed/retryImage": #"{"key":"demo:1"}"#, "feed/openDetail": #"{"key":"demo:1"}"#,
    "albums/setSearch": #"{"text":"qui"}"#, "albums/open": #"{"albumId":1}"#,
    "albums/openPhoto": #"{"photoId":1}"#,
    "connectivity/set": #"{"online":true}"#, "settings/update": #"{"language":"es"}"#,
    "account/completeLogin": #"{"redirectURL":"https://example.com/#access_token=x"}"#,
    "account/delete": #"{"id":"abc"}"#, "account/upload": #"{"path":"/nonexistent.png"}"#,
  ]

  func testEveryActionIsAnsweredWithItsEventsOrARejectionByName() throws {
    let server = try InProcessServer(options: Store.Options(durability: .fsync))
    server.call(Requests.Initialize())
    let actions = MethodCatalog.all.filter {
      if case .action = $0.route { return true }
      return false
    }
    XCTAssertGreaterThan(actions.count, 30)
    // All written at once: one read, one shared fsync, answers in order.
    var ids: [(Int, String)] = []
    for spec in actions { ids.append((server.request(spec.name, Self.params[spec.name]), spec.name)) }
    for (id, method) in ids {
      let answer = server.response(to: id).response
      if let error = answer["error"] {
        XCTAssertTrue(
          [.number(-32010), .number(-32602)].contains(error["code"] ?? .null), "\(method): \(error)")
        XCTAssertNotNil(error["data"], "\(method): the error says why")
      } else {
        XCTAssertNotNil(answer["result"]?["version"], method)
      }
    }
    XCTAssertEqual(server.call(Requests.Shutdown()), .null)
    let live = server.store.state
    XCTAssertEqual(try Replay.state(ofLogAt: server.dataDirectory.path + "/events.jsonl"), live)
  }
}
