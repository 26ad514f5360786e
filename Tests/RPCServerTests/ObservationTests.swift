import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

final class ObservationTests: XCTestCase {
  /// A client that applies every patch to the state it got from state/get holds exactly
  /// what state/get returns next, over long random sessions. Steps: `GALLERY_RPC_PATCH_STEPS` (default 400).
  func testPatchesAppliedByAClientEqualStateGetOverARandomSession() throws {
    let steps = SuiteLength.value("GALLERY_RPC_PATCH_STEPS", default: 400)
    let p = try InProcessServer()
    _ = p.initialize()
    let start = p.call(Requests.StateGet())
    var state = try XCTUnwrap(start["value"])
    var version = start["version"]?.int ?? -1
    var rng = SystemRandomNumberGenerator()
    let emails = ["", "a", "test@mail.com", "bad@", "new@mail.com", "ünï@cødé.org", "x\"y@z.io"]
    let calls: [() -> (String, String?)] = [
      {
        (
          "auth/setEmail",
          #"{"value":"\#(emails.randomElement(using: &rng)!.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        )
      },
      {
        (
          "auth/setPassword",
          #"{"value":"\#(String(repeating: "x", count: Int.random(in: 0...8, using: &rng)))"}"#
        )
      },
      { ("auth/setPassword", #"{"value":"123456"}"#) },
      { ("auth/submitLogin", nil) }, { ("registration/open", nil) }, { ("nav/back", nil) },
      { ("auth/logout", nil) },
      { ("registration/setAge", #"{"value":"\#(["", "abc", "12", "44"].randomElement(using: &rng)!)"}"#) },
      {
        (
          "registration/setEmail",
          #"{"value":"\#(emails.randomElement(using: &rng)!.replacingOccurrences(of: "\"", with: "\\\""))"}"#
        )
      },
      { ("registration/setPassword", #"{"value":"abcdef"}"#) }, { ("registration/submit", nil) },
    ]
    var checks = 0
    for step in 0..<steps {
      let (method, params) = calls.randomElement(using: &rng)!()
      let (notes, _) = p.response(to: p.request(method, params))
      for note in notes where note["method"] == .string("state/changed") {
        let params = try XCTUnwrap(note["params"])
        XCTAssertEqual(params["fromVersion"]?.int, version, "no version is skipped")
        let ops = (params["patch"]?.array ?? []).compactMap(JSONPatch.Operation.init(json:))
        state = try JSONPatch.apply(ops, to: state)
        version = params["version"]?.int ?? -1
      }
      if step % 10 == 9 || step == steps - 1 {
        // Effect results (demo sign-in) may still be arriving: state/get is answered after
        // every notification already sent, so drain to its response, applying on the way.
        let (late, response) = p.response(to: p.request(Requests.StateGet()))
        for note in late where note["method"] == .string("state/changed") {
          let ops = (note["params"]?["patch"]?.array ?? []).compactMap(JSONPatch.Operation.init(json:))
          state = try JSONPatch.apply(ops, to: state)
          version = note["params"]?["version"]?.int ?? -1
        }
        XCTAssertEqual(response["result"]?["version"]?.int, version)
        XCTAssertEqual(response["result"]?["value"], state, "step \(step)")
        checks += 1
      }
    }
    XCTAssertGreaterThan(version, steps / 3)
    XCTAssertGreaterThan(checks, 0)
    // The log the session wrote replays to the same state. `shutdown` waits for effects
    // still running (a sign-in's feed load): apply the changes they send before its answer.
    let (last, _) = p.response(to: p.request(Requests.Shutdown()))
    for note in last where note["method"] == .string("state/changed") {
      let ops = (note["params"]?["patch"]?.array ?? []).compactMap(JSONPatch.Operation.init(json:))
      state = try JSONPatch.apply(ops, to: state)
    }
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    let replay = Process()
    replay.executableURL = RPCProcess.binary
    replay.arguments = ["replay", p.dataDirectory.path + "/events.jsonl"]
    let out = Pipe()
    replay.standardOutput = out
    try replay.run()
    let text = out.fileHandleForReading.readDataToEndOfFile()
    XCTAssertEqual(replay.exitStatus(), 0)
    // `replay` prints the whole model; clients see its view.
    XCTAssertEqual(try AppState.view(JSONCoding.decode(AppState.self, from: Array(text))), state)
  }

  func testPipelinedActionsUnderFsyncShareOnePatchThatStillLeadsEveryAnswer() throws {
    let p = try InProcessServer(options: Store.Options(durability: .fsync))
    _ = p.initialize()
    let start = p.call(Requests.StateGet())
    var state = try XCTUnwrap(start["value"])
    var version = start["version"]?.int ?? -1
    // One write: the server reads the whole burst at once and answers after one fsync.
    var burst: [UInt8] = []
    let values = ["t", "te", "tes", "test@", "test@mail.com"]
    for (i, value) in values.enumerated() {
      burst += Array(
        #"{"jsonrpc":"2.0","id":\#(900 + i),"method":"auth/setEmail","params":{"value":"\#(value)"}}"#.utf8)
      burst.append(0x0A)
    }
    burst +=
      Array(#"{"jsonrpc":"2.0","id":999,"method":"auth/setPassword","params":{"value":"123456"}}"#.utf8) + [
        0x0A
      ]
    p.write(burst)
    var changes = 0
    var answered = 0
    while answered < values.count + 1, let message = p.next() {
      if message["method"] == .string("state/changed") {
        let params = try XCTUnwrap(message["params"])
        XCTAssertEqual(params["fromVersion"]?.int, version, "each patch starts where the last ended")
        let ops = (params["patch"]?.array ?? []).compactMap(JSONPatch.Operation.init(json:))
        state = try JSONPatch.apply(ops, to: state)
        version = try XCTUnwrap(params["version"]?.int)
        changes += 1
      } else if let answerVersion = message["result"]?["version"]?.int {
        XCTAssertLessThanOrEqual(answerVersion, version, "an answer never runs ahead of the patches sent")
        answered += 1
      }
    }
    XCTAssertEqual(answered, values.count + 1)
    XCTAssertLessThan(
      changes, values.count + 1, "the burst's changes were folded together (\(changes) patches)")
    let now = p.call(Requests.StateGet())
    XCTAssertEqual(now["version"]?.int, version)
    XCTAssertEqual(now["value"], state, "the folded patches bring the client to the server's state")
    XCTAssertEqual(state["login"]?["email"]?["value"], .string("test@mail.com"))
  }

  func testStatesAndMessagesMatchThePublishedSchemas() throws {
    let p = try InProcessServer()
    let initialize = p.initialize()
    let components: [String: JSONValue]
    if case .object(let c)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"] {
      components = c
    } else {
      components = [:]
    }
    let validator = SchemaValidator(components: components)
    XCTAssertNil(validator.check(initialize, against: Schema.ref("InitializeResult")))
    let (notes, response) = p.response(to: p.request(Requests.AuthSetEmail(value: "bad@")))
    XCTAssertNil(validator.check(response["result"]!, against: Schema.ref("ActionResult")))
    XCTAssertNil(validator.check(notes[0]["params"]!, against: Schema.ref("StateChanged")))
    p.call(Requests.AuthSetPassword(value: "123456"))
    p.call(Requests.AuthSubmitLogin())
    XCTAssertNil(validator.check(p.call(Requests.StateGet())["value"]!, against: Schema.ref("State")))
    let events = p.call(Requests.EventsRead())["events"]?.array ?? []
    for e in events { XCTAssertNil(validator.check(e, against: Schema.ref("EventRecord"))) }
    XCTAssertNotNil(validator.check(.object([:]), against: Schema.ref("State")), "the validator does reject")
  }

  /// `rpc.discover` answers from the copy the build keeps (parsed once, not made from the
  /// declarations): that copy is the one the declarations make.
  func testTheKeptDocumentIsTheOneTheDeclarationsMake() {
    XCTAssertEqual(
      OpenRPCDocument.build(serverVersion: "x"), OpenRPCDocument.made(serverVersion: "x"),
      "the build's copy of the document is stale: run bash Tools/regenerate.sh")
    XCTAssertEqual(OpenRPCDocument.componentSchemas, ComponentSchemas.all)
  }

  func testDiscoverServesTheDocumentKeptInProtocol() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("protocol/openrpc.json").path
    let kept = try JSONParser.parse(
      [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: file), "protocol/openrpc.json")))
    let p = try InProcessServer()
    _ = p.initialize()
    var served = p.call(Requests.RpcDiscover())
    // The version differs only if the build's does; compare the rest exactly.
    if case .object(var doc) = served, case .object(var info)? = doc["info"] {
      info["version"] = kept["info"]?["version"]
      doc["info"] = .object(info)
      served = .object(doc)
    }
    XCTAssertEqual(
      served, kept,
      "protocol/openrpc.json is stale: regenerate it with `swift run gallery-rpc openrpc > protocol/openrpc.json`"
    )
    let names = kept["methods"]?.array?.compactMap { $0["name"]?.string } ?? []
    XCTAssertEqual(Set(names), Set(MethodCatalog.all.map(\.name)))
  }

  func testEventsReadSubscribeAndTimeTravel() throws {
    let p = try InProcessServer(environment: GalleryEnvironment(locale: .en))
    _ = p.initialize()
    for email in ["a@b.co", "c@d.co", "e@f.co"] { p.call(Requests.AuthSetEmail(value: email)) }
    // Seq 1 is the locale's language, recorded at the first start.
    let read = p.call(Requests.EventsRead(from: 3, limit: 5))
    XCTAssertEqual(read["lastSeq"], .number(4))
    XCTAssertEqual(read["events"]?.array?.map { $0["seq"] }, [.number(3), .number(4)])
    XCTAssertEqual(read["events"]?.array?.first?["data"]?["value"], .string("c@d.co"))
    XCTAssertEqual(p.error(Requests.EventsRead(limit: 0))["code"], .number(-32602))

    // The catch-up may come before the answer (it is sent as soon as it is read).
    let (early, subscribed) = p.response(to: p.request(Requests.EventsSubscribe(from: 3)))
    XCTAssertEqual(subscribed["result"]?["lastSeq"], .number(4))
    var appended = early.filter { $0["method"] == .string("events/appended") }
    let (notes, _) = p.response(to: p.request(Requests.AuthSetEmail(value: "g@h.co")))
    appended += notes.filter { $0["method"] == .string("events/appended") }
    while appended.flatMap({ $0["params"]?["events"]?.array ?? [] }).count < 3, let m = p.next() {
      if m["method"] == .string("events/appended") { appended.append(m) }
    }
    let seqs = appended.flatMap { $0["params"]?["events"]?.array ?? [] }.map { $0["seq"] }
    XCTAssertEqual(seqs, [.number(3), .number(4), .number(5)], "catch-up, then live, in order")
    p.call(Requests.EventsUnsubscribe())

    XCTAssertEqual(
      p.call(Requests.HistoryStateAt(seq: 3, pointer: "/login/email/value"))["value"], .string("c@d.co"))
    XCTAssertEqual(
      p.call(Requests.HistoryStateAt(seq: 0, pointer: "/login/email/value"))["value"], .string(""))
    let past = p.error(Requests.HistoryStateAt(seq: 99))
    XCTAssertTrue(past["data"]?.string?.contains("past the end") ?? false)
  }

  /// A log with more than a day of history behind its newest event starts the server cut
  /// to a `log.base`: reads begin there, and a state from before it is refused by name.
  func testRetentionCutsOldHistoryAtStartAndHistorySaysWhereItBegins() throws {
    let dir = TemporaryDirectory()
    let clock = Locked<Int64>(1_795_000_000_000)
    let log = try EventLog(
      path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none, clock: { clock.value }))
    let batch = (0..<100).map { n in
      NewEvent(
        type: "auth.fieldEdited",
        data: Array(#"{"field":"email","form":"login","value":"user\#(n)@mail.com"}"#.utf8))
    }
    for _ in 0..<101 { try log.append(batch) }
    clock.mutate { $0 += 2 * 86_400_000 }
    try log.append([batch[7]])
    try log.close()
    let p = try InProcessServer(dataDirectory: dir)
    _ = p.initialize()
    let events = p.call(Requests.EventsRead(from: 1, limit: 2))["events"]?.array ?? []
    XCTAssertEqual(events.first?["type"], .string("log.base"))
    XCTAssertEqual(events.first?["seq"], .number(10_100))
    XCTAssertEqual(
      p.call(Requests.HistoryStateAt(seq: 10100, pointer: "/login/email/value"))["value"],
      .string("user99@mail.com"))
    let before = p.error(Requests.HistoryStateAt(seq: 5))
    XCTAssertEqual(before["code"], .number(-32602))
    XCTAssertTrue(before["data"]?.string?.contains("before the retained history") ?? false, "\(before)")
  }

  func testLongReplaysReportProgressAndCanBeCancelled() throws {
    let dir = TemporaryDirectory()
    let log = try EventLog(path: dir.path + "/events.jsonl", options: EventLogOptions(durability: .none))
    let batch = (0..<100).map { n in
      NewEvent(
        type: "auth.fieldEdited",
        data: Array(#"{"field":"email","form":"login","value":"user\#(n)@mail.com"}"#.utf8))
    }
    for _ in 0..<300 { try log.append(batch) }
    try log.close()
    let p = try InProcessServer(dataDirectory: dir)
    _ = p.initialize()
    let id = p.request(
      "history/stateAt", #"{"seq":29990,"workDoneToken":"replay-1","pointer":"/login/email/value"}"#)
    let (notes, response) = p.response(to: id)
    XCTAssertEqual(response["result"]?["value"], .string("user89@mail.com"), "seq 29990 holds user89")
    let kinds = notes.filter { $0["method"] == .string("$/progress") }.compactMap {
      $0["params"]?["value"]?["kind"]?.string
    }
    XCTAssertEqual(kinds.first, "begin")
    XCTAssertEqual(kinds.last, "end")
    XCTAssertGreaterThan(kinds.filter { $0 == "report" }.count, 3)

    let cancelled = p.request(Requests.HistoryStateAt(seq: 29990))
    p.notify("$/cancelRequest", #"{"id":\#(cancelled)}"#)
    let (_, answer) = p.response(to: cancelled)
    XCTAssertEqual(answer["error"]?["code"], .number(-32800))
  }
}
