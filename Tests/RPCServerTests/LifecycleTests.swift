import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

final class LifecycleTests: XCTestCase {
  func testRequestsBeforeInitializeAreRefusedAndInitializeDescribesTheServer() throws {
    let p = try RPCProcess()
    let early = p.error(Requests.StateGet())
    XCTAssertEqual(early["code"], .number(-32002))
    p.notify("initialized")  // notifications before initialize are ignored, not answered
    let result = p.initialize()
    XCTAssertEqual(result["serverInfo"]?["name"], .string("gallery-rpc"))
    XCTAssertEqual(result["protocolVersion"], .string(OpenRPCDocument.protocolVersion))
    let methods = result["capabilities"]?["methods"]?.array ?? []
    XCTAssertTrue(methods.contains(.string("auth/setEmail")))
    XCTAssertEqual(result["capabilities"]?["notAvailableYet"], .array([]), "every method is built")
    XCTAssertEqual(result["capabilities"]?["framings"], .array([.string("lsp"), .string("ndjson")]))
    XCTAssertEqual(result["capabilities"]?["stateVersion"], .number(1), "the locale's language, recorded")
    XCTAssertEqual(p.error(Requests.Initialize())["code"], .number(-32600), "initialize only once")
  }

  func testActionsSentAsNotificationsArePerformedWithoutAnAnswer() throws {
    let p = try RPCProcess()
    p.notify("auth/setEmail", #"{"value":"before@init.co"}"#)  // before initialize: ignored
    _ = p.initialize()
    p.notify("auth/setEmail", #"{"value":"test@mail.com"}"#)
    p.notify("auth/setEmail", #"{"nope":1}"#)  // refused, and still not answered
    p.notify("state/get")  // a read needs its answer: ignored
    p.notify("shutdown")  // lifecycle requests too
    let (notifications, answer) = p.response(to: p.request(Requests.StateGet(pointer: "/login/email/value")))
    XCTAssertEqual(answer["result"]?["value"], .string("test@mail.com"))
    XCTAssertEqual(answer["result"]?["version"], .number(2), "one event: the notified keystroke")
    XCTAssertFalse(
      notifications.contains { $0["id"] != nil }, "no notification got an answer: \(notifications)")
    XCTAssertEqual(notifications.filter { $0["method"] == .string("state/changed") }.count, 1)
    XCTAssertEqual(p.call(Requests.Shutdown()), .null, "the notified shutdown did not shut it down")
  }

  func testShutdownThenExitIsStatusZeroAndRequestsAfterShutdownAreRefused() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    XCTAssertEqual(p.call(Requests.Shutdown()), .null)
    let after = p.error(Requests.AuthSetEmail(value: "a@b.co"))
    XCTAssertEqual(after["code"], .number(-32600))
    XCTAssertTrue(after["data"]?.string?.contains("shutting down") ?? false)
    p.notify("exit")
    XCTAssertEqual(p.process.exitStatus(), 0)
  }

  func testExitWithoutShutdownIsStatusOne() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    p.notify("exit")
    XCTAssertEqual(p.process.exitStatus(), 1)
  }

  func testEveryContractMethodExistsAndUnbuiltOnesSayNotAvailableYet() throws {
    let contract = [
      "initialize", "initialized", "shutdown", "exit", "rpc.discover", "state/get", "events/read",
      "events/subscribe",
      "history/stateAt", "auth/setEmail", "auth/setPassword", "auth/submitLogin", "auth/logout",
      "registration/open",
      "registration/setEmail", "registration/setPassword", "registration/setAge", "registration/submit",
      "nav/back",
      "feed/setQuery", "feed/refresh", "feed/loadMore", "feed/prefetch", "feed/cancelPrefetch",
      "feed/retryImage",
      "feed/openDetail", "detail/close", "albums/load", "albums/setSearch", "albums/open", "albums/openPhoto",
      "albums/retry", "connectivity/set", "account/beginLogin", "account/completeLogin", "account/loadImages",
      "account/upload", "account/delete", "account/logout", "video/playRandom", "settings/update",
      "$/cancelRequest",
    ]
    for name in contract { XCTAssertNotNil(MethodCatalog.byName[name], name) }
    let p = try RPCProcess()
    _ = p.initialize()
    for spec in MethodCatalog.all {
      guard case .notAvailable(let feature) = spec.route else { continue }
      let error = p.error(spec.name, "{}")
      XCTAssertEqual(error["code"], .number(-32001), spec.name)
      XCTAssertEqual(error["data"]?["feature"], .string(feature))
    }
  }

  func testActionsAnswerAfterTheirEventsWithAPatchFirst() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    let (notes, response) = p.response(to: p.request(Requests.AuthSetEmail(value: "test@")))
    XCTAssertEqual(response["result"]?["version"], .number(2))
    XCTAssertEqual(
      response["result"]?["events"],
      .array([.object(["seq": .number(2), "type": .string("auth.fieldEdited")])]))
    XCTAssertEqual(notes.count, 1)
    XCTAssertEqual(notes[0]["method"], .string("state/changed"))
    XCTAssertEqual(notes[0]["params"]?["fromVersion"], .number(1))
    XCTAssertEqual(notes[0]["params"]?["version"], .number(2))
    let paths = notes[0]["params"]?["patch"]?.array?.compactMap { $0["path"]?.string }
    XCTAssertEqual(paths?.sorted(), ["/login/email/edited", "/login/email/error", "/login/email/value"])
    let log = try String(contentsOfFile: p.dataDirectory.path + "/events.jsonl", encoding: .utf8)
    XCTAssertTrue(log.contains(#""type":"auth.fieldEdited""#), "the event is in the log before the answer")
  }

  func testRejectionsAndBadParamsNameWhatWasWrongAndRecordNothing() throws {
    let p = try RPCProcess()
    _ = p.initialize()
    let back = p.error(Requests.NavBack())
    XCTAssertEqual(back["code"], .number(-32010))
    XCTAssertEqual(back["data"]?["code"], .string("nav.atRoot"))
    let unknown = p.error("auth/setEmail", #"{"valu":"x"}"#)
    XCTAssertEqual(unknown["code"], .number(-32602))
    XCTAssertTrue(unknown["data"]?.string?.contains("\"valu\"") ?? false)
    let wrongType = p.error("auth/setEmail", #"{"value":5}"#)
    XCTAssertTrue(wrongType["data"]?.string?.contains("\"value\" must be a string") ?? false)
    let missing = p.error("registration/setAge", "{}")
    XCTAssertEqual(missing["code"], .number(-32602))
    XCTAssertTrue(missing["data"]?.string?.contains("missing parameter \"value\"") ?? false)
    let closed = p.error(Requests.RegistrationSetAge(value: "20"))
    XCTAssertEqual(closed["data"]?["code"], .string("auth.registrationClosed"))
    let positional = p.error("auth/setEmail", #"["a"]"#)
    XCTAssertTrue(positional["data"]?.string?.contains("named") ?? false)
    let pointer = p.error(Requests.StateGet(pointer: "/nope"))
    XCTAssertEqual(pointer["code"], .number(-32602))
    XCTAssertEqual(p.call(Requests.StateGet())["version"], .number(1), "nothing was recorded after the start")
  }

  func testSecretsStayOffStdoutStderrAndDisk() throws {
    let p = try RPCProcess(extra: ["--log-level", "debug"])
    _ = p.initialize()
    p.call(Requests.AuthSetEmail(value: "test@mail.com"))
    p.call(Requests.AuthSetPassword(value: "sw0rdfish-123456"))
    p.call(Requests.AuthSubmitLogin())
    p.call(Requests.Shutdown())
    p.notify("exit")
    var out = Data()
    while let message = p.next() { out += Data(JSONWriter.bytes(message)) }
    XCTAssertNotNil(p.process.exitStatus())
    let everything =
      String(decoding: out, as: UTF8.self) + p.errorOutput
      + p.dataDirectory.allFiles().filter { !$0.hasSuffix("credentials.json") }.map {
        String(decoding: FileManager.default.contents(atPath: $0) ?? Data(), as: UTF8.self)
      }.joined()
    XCTAssertFalse(everything.contains("sw0rdfish"))
    XCTAssertTrue(everything.contains("auth/setPassword"), "the debug log names methods")
  }

  /// An Imgur session against a fake on 127.0.0.1: sign-in, a revoked token refreshed,
  /// images. No token and no client secret on stdout, stderr or disk (but the
  /// credentials file), at debug log level.
  func testImgurTokensAndClientSecretStayOffStdoutStderrAndDisk() throws {
    let revoked = Locked(false)
    let server = try FakeHTTPServer { request in
      if request.path == "/oauth2/token" {
        return .json(
          #"{"access_token":"acc3ss-T0KEN-2","expires_in":3600,"token_type":"bearer","refresh_token":"r3fr3sh-T0KEN-2","account_id":7,"account_username":"kim"}"#
        )
      }
      let live = revoked.value ? "Bearer acc3ss-T0KEN-2" : "Bearer acc3ss-T0KEN-1"
      guard request.headers["authorization"] == live else {
        return .json(
          #"{"data":{"error":"The access token provided is invalid."},"success":false,"status":403}"#,
          status: 403)
      }
      return .json(#"{"data":[],"success":true,"status":200}"#)
    }
    let p = try RPCProcess(
      extra: ["--log-level", "debug", "--account", "imgur"],
      environment: [
        "IMGUR_BASE_URL": server.baseURL, "IMGUR_CLIENT_ID": "cl13nt-id",
        "IMGUR_CLIENT_SECRET": "cl13nt-s3cr3t",
      ])
    _ = p.initialize()
    guard case .string(let state)? = p.call(Requests.AccountBeginLogin())["state"] else {
      return XCTFail("no state")
    }
    let redirect =
      "https://imgur.com/?state=\(state)#access_token=acc3ss-T0KEN-1&expires_in=3600&token_type=bearer&refresh_token=r3fr3sh-T0KEN-1&account_username=kim&account_id=7"
    XCTAssertEqual(
      p.call(Requests.AccountCompleteLogin(redirectURL: redirect))["status"], .string("signedIn"))
    revoked.mutate { $0 = true }
    p.call(Requests.AccountLoadImages())
    p.call(Requests.Shutdown())  // waits for the load (and its refresh) to be recorded
    let log = try String(contentsOfFile: p.dataDirectory.path + "/events.jsonl", encoding: .utf8)
    XCTAssertTrue(log.contains("account.tokenRefreshed"))
    p.notify("exit")
    var out = Data()
    while let message = p.next() { out += Data(JSONWriter.bytes(message)) }
    XCTAssertNotNil(p.process.exitStatus())
    let everything =
      String(decoding: out, as: UTF8.self) + p.errorOutput
      + p.dataDirectory.allFiles().filter { !$0.hasSuffix("credentials.json") }.map {
        String(decoding: FileManager.default.contents(atPath: $0) ?? Data(), as: UTF8.self)
      }.joined()
    for secret in ["T0KEN", "cl13nt-s3cr3t"] { XCTAssertFalse(everything.contains(secret), secret) }
    XCTAssertTrue(everything.contains("account/completeLogin"), "the debug log names methods")
  }
}

/// Pipelined requests with `--durability fsync`: answered in order, every answered event in the log.
final class PipelineTests: XCTestCase {
  func testPipelinedActionsShareAnFsyncAndAreAnsweredInOrder() throws {
    let p = try RPCProcess(extra: ["--durability", "fsync"])
    _ = p.initialize()
    var burst: [UInt8] = []
    for i in 0..<200 {
      burst += Framing.ndjson.frame(
        Array(
          #"{"jsonrpc":"2.0","id":\#(100 + i),"method":"auth/setEmail","params":{"value":"u\#(i)@x.co"}}"#
            .utf8))
    }
    burst += Framing.ndjson.frame(Array(#"{"jsonrpc":"2.0","id":99,"method":"nav/back"}"#.utf8))
    p.write(burst)
    var ids: [JSONValue] = []
    while ids.count < 201, let message = p.next() {
      if let id = message["id"] { ids.append(id) }
    }
    XCTAssertEqual(
      ids, (100..<300).map { .number(Double($0)) } + [.number(99)], "answers keep the order of the requests")
    let log = try String(contentsOfFile: p.dataDirectory.path + "/events.jsonl", encoding: .utf8)
    XCTAssertEqual(
      log.split(separator: "\n").count, 201,
      "every answered action is in the log (after the start's language); the rejected one is not")
  }
}
