import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Many faces on one live core: the owner on stdio, others on the attach point. Every
/// request of every client enters one order, each client's copy follows its own patches,
/// `observe` is refused every action, and a client that stops reading is let go.
final class AttachTests: XCTestCase {
  /// One step of a session: which client sends what.
  struct Step {
    var client: Int
    var method: String
    var params: String?
  }

  /// A session typed by `clients` clients in turn: sign-in fields, a search, the clock.
  static func steps(clients: Int) -> [Step] {
    let typed = ["t", "te", "tes", "test", "test@", "test@mail", "test@mail.com"]
    var steps: [Step] = []
    for (i, text) in typed.enumerated() {
      steps.append(Step(client: i % clients, method: "auth/setEmail", params: #"{"value":"\#(text)"}"#))
    }
    steps.append(Step(client: 1 % clients, method: "auth/setPassword", params: #"{"value":"123456"}"#))
    steps.append(Step(client: 0, method: "auth/submitLogin"))
    steps.append(Step(client: (clients - 1), method: "test/settle"))
    for (i, text) in ["c", "ca", "cat"].enumerated() {
      steps.append(Step(client: (i + 2) % clients, method: "feed/setQuery", params: #"{"text":"\#(text)"}"#))
    }
    steps.append(Step(client: (clients - 1), method: "test/advanceClock", params: #"{"milliseconds":300}"#))
    steps.append(Step(client: 1 % clients, method: "nav/open", params: #"{"screen":"albums"}"#))
    steps.append(Step(client: 0, method: "test/settle"))
    return steps
  }

  /// Runs `steps` with an owner and `clients - 1` attached drivers (each step waits for its
  /// answer, and every client's copy is checked against `state/get` after it); the log's bytes.
  func session(clients: Int, _ steps: [Step]) throws -> [UInt8] {
    let owner = try RPCProcess(extra: ["--test-clock", "--seed", "7", "--admit", "drive"])
    _ = owner.initialize()
    var faces = [MirroredClient(owner, name: "owner")]
    var attached: [AttachedPeer] = []
    for i in 1..<clients {
      let peer = try AttachedPeer(dataDirectory: owner.dataDirectory.path)
      attached.append(peer)
      let face = MirroredClient(peer, name: "client \(i)")
      XCTAssertEqual(face.call("attach/role", #"{"role":"drive"}"#)["role"], .string("drive"))
      XCTAssertEqual(face.call("initialize")["capabilities"]?["attached"]?["role"], .string("drive"))
      faces.append(face)
    }
    for face in faces { face.check() }
    for step in steps {
      faces[step.client].call(step.method, step.params)
      for face in faces { face.check() }
    }
    for face in faces.dropFirst() { face.call("shutdown") }
    XCTAssertEqual(owner.stop(), 0)
    for peer in attached {
      let last = peer.drain().last
      XCTAssertEqual(last?["method"], .string("attach/ended"), "each attached client hears the owner's end")
      XCTAssertTrue(peer.ended)
    }
    return Array(try Data(contentsOf: URL(fileURLWithPath: owner.dataDirectory.path + "/events.jsonl")))
  }

  /// The same requests from one client, in the order the core took them.
  func alone(_ steps: [Step]) throws -> [UInt8] {
    try session(clients: 1, steps.map { Step(client: 0, method: $0.method, params: $0.params) })
  }

  func testTwoClientsTypingWriteTheLogOneClientWritesWithTheSameRequestsInTheCoresOrder() throws {
    let steps = Self.steps(clients: 2)
    let together = try session(clients: 2, steps)
    XCTAssertEqual(together, try alone(steps), "the log is a function of the requests in the core's order")
    XCTAssertEqual(together, try session(clients: 2, steps), "and the same on every run")
  }

  func testEightClientsInTurnWriteOneOrderAndEachCopyFollowsItsPatches() throws {
    let steps = Self.steps(clients: 8)
    XCTAssertEqual(try session(clients: 8, steps), try alone(steps))
  }

  func testEightClientsTypingAtOnceLiveKeepOneOrderAndTheirCopies() throws {
    let owner = try RPCProcess(extra: ["--admit", "drive"])
    _ = owner.initialize()
    let directory = owner.dataDirectory.path
    let first = owner.call("state/get", #"{"pointer":"/login"}"#)["version"]?.int ?? 0
    let rounds = 25
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    // Seven attached clients, each on a thread of its own with its own connection and copy,
    // typing at once with the owner: the core takes them in some order.
    for i in 1..<8 {
      ready.enter()
      done.enter()
      Thread.detachNewThread {
        defer { done.leave() }
        guard let peer = try? AttachedPeer(dataDirectory: directory) else {
          ready.leave()
          return XCTFail("client \(i) could not attach")
        }
        let face = MirroredClient(peer, name: "client \(i)")
        face.call("attach/role")
        face.call("initialize")
        face.check()
        ready.leave()
        go.wait()
        for r in 0..<rounds {
          face.call("auth/setEmail", #"{"value":"client\#(i)-\#(r)@mail.com"}"#)
          face.check()
        }
      }
    }
    XCTAssertEqual(ready.wait(timeout: .now() + 60), .success)
    for _ in 1..<8 { go.signal() }
    let ownerFace = MirroredClient(owner, name: "owner")
    ownerFace.check()
    for r in 0..<rounds {
      ownerFace.call("auth/setEmail", #"{"value":"client0-\#(r)@mail.com"}"#)
      ownerFace.check()
    }
    XCTAssertEqual(done.wait(timeout: .now() + 120), .success)
    ownerFace.check()
    let events = owner.call("events/read", #"{"from":\#(first + 1)}"#)["events"]?.array ?? []
    XCTAssertEqual(events.count, 8 * rounds, "every keystroke recorded once")
    XCTAssertEqual(
      events.compactMap { $0["seq"]?.int }, Array((first + 1)...(first + 8 * rounds)),
      "one order: seqs follow one another")
    for i in 0..<8 {
      let mine = events.compactMap { $0["data"]?["value"]?.string }.filter { $0.hasPrefix("client\(i)-") }
      XCTAssertEqual(mine, (0..<rounds).map { "client\(i)-\($0)@mail.com" }, "client \(i)'s keep their order")
    }
  }

  func testAnObserverIsRefusedEveryActionInTheStatesLanguage() throws {
    let owner = try RPCProcess(extra: ["--test-clock"])
    _ = owner.initialize()
    let observer = MirroredClient(try AttachedPeer(dataDirectory: owner.dataDirectory.path), name: "observer")
    for wrong in [#"{"role":7}"#, #"{"role":"admin"}"#] {
      let error = observer.answer("attach/role", wrong)["error"]
      XCTAssertEqual(error?["code"], .number(-32602), wrong)
      XCTAssertTrue(error?["data"]?.string?.contains(#""role""#) ?? false, "\(String(describing: error))")
    }
    let role = observer.call("attach/role")
    XCTAssertEqual(role["role"], .string("observe"), "observe is the default admission")
    let spec = try XCTUnwrap(MethodCatalog.byName["attach/role"]?.spec)
    var components: [String: JSONValue] = [:]
    if case .object(let c)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"] {
      components = c
    }
    XCTAssertNil(
      SchemaValidator(components: components).check(role, against: spec.result), "its declared result")
    let refusedDrive = observer.answer("attach/role", #"{"role":"drive"}"#)["error"]
    XCTAssertEqual(refusedDrive?["code"], .number(-32600))
    XCTAssertTrue(
      refusedDrive?["data"]?.string?.contains("--admit drive") ?? false, "\(String(describing: refusedDrive))"
    )
    XCTAssertEqual(observer.call("initialize")["capabilities"]?["attached"]?["role"], .string("observe"))
    let actions = MethodCatalog.all.filter {
      if case .action = $0.route { return true }
      return false
    }.map(\.name)
    XCTAssertGreaterThan(actions.count, 30)
    for language in [Language.en, .es] {
      owner.call("settings/update", #"{"language":"\#(language.rawValue)"}"#)
      let expected = Rejection("history.observeOnly").rendered(in: language).message
      for method in actions + ["test/advanceClock"] {
        let error = observer.answer(method, #"{"milliseconds":1}"#)["error"]
        XCTAssertEqual(error?["code"], .number(-32010), "\(method)")
        XCTAssertEqual(error?["data"]?["code"], .string("history.observeOnly"), "\(method)")
        XCTAssertEqual(error?["data"]?["message"], .string(expected), "\(method) in \(language)")
      }
      // Reads, history and subscriptions are the observer's.
      observer.check()
      XCTAssertNotNil(observer.call("events/read", #"{"limit":5}"#)["events"])
      XCTAssertNotNil(observer.call("history/stateAt", #"{"seq":1,"pointer":"/settings"}"#)["value"])
      XCTAssertNotNil(observer.call("events/subscribe")["lastSeq"])
    }
    XCTAssertEqual(owner.call("state/get", #"{"pointer":"/login/email/value"}"#)["value"], .string(""))
  }

  func testADriverNeedsTheOwnersConsentToSignOut() throws {
    let owner = try RPCProcess(extra: ["--admit", "drive"])
    _ = owner.initialize()
    owner.signInToDemo()
    let driver = MirroredClient(try AttachedPeer(dataDirectory: owner.dataDirectory.path), name: "driver")
    driver.call("attach/role", #"{"role":"drive"}"#)
    driver.call("initialize")
    XCTAssertEqual(driver.answer("auth/logout")["error"]?["data"]?["code"], .string("history.consentNeeded"))
    driver.call("feed/setQuery", #"{"text":"dog"}"#)
    XCTAssertEqual(
      owner.error("attach/role")["code"], .number(-32600), "the owner's own connection drives and has no role"
    )
  }

  func testAClientThatNeverReadsIsLetGoAndTheOwnersKeystrokeIsAnswered() throws {
    let owner = try RPCProcess(extra: ["--test-clock"])
    _ = owner.initialize()
    owner.signInToDemo()
    owner.call("test/settle")
    let stuck = try AttachedPeer(dataDirectory: owner.dataDirectory.path)
    _ = stuck.call("initialize")
    // 800 requests whose answers (the whole state, about 10 KB each: 8 MB) it never reads,
    // twice the outbox bound past what the kernel buffers.
    var burst: [UInt8] = []
    for i in 0..<800 {
      burst += Array(#"{"jsonrpc":"2.0","id":\#(100 + i),"method":"state/get"}"#.utf8) + [0x0A]
    }
    stuck.write(burst)
    // The owner types, and is answered each time.
    for text in ["a", "ab", "abc"] {
      XCTAssertNotNil(owner.call("feed/setQuery", #"{"text":"\#(text)"}"#)["version"])
    }
    let received = stuck.drain()
    XCTAssertTrue(stuck.ended, "the core closed the connection")
    XCTAssertLessThan(received.count, 800, "its answers past the bound were dropped")
    XCTAssertEqual(owner.stop(), 0)
    XCTAssertTrue(owner.errorOutput.contains("a client stopped reading; disconnected"))
  }

  func testTheAttachPointIsTheOwnersAloneAndGoesWithIt() throws {
    let owner = try RPCProcess()
    _ = owner.initialize()
    let path = AttachPoint.path(in: owner.dataDirectory.path)
    var info = stat()
    XCTAssertEqual(lstat(path, &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
    XCTAssertEqual(info.st_mode & 0o777, 0o600, "the owner's alone")
    XCTAssertEqual(lstat(owner.dataDirectory.path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o777, 0o700)
    XCTAssertEqual(owner.stop(), 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "removed when its owner ends")
    // With no live core, `attach` says so and exits 2.
    let alone = try Self.run(RPCProcess.binary, ["attach", "--data-dir", owner.dataDirectory.path])
    XCTAssertEqual(alone.status, 2)
    XCTAssertTrue(alone.err.contains("no live core serves \(owner.dataDirectory.path)"), alone.err)
  }

  /// Runs `executable` with `arguments`, `input` on its stdin (then closed): its status,
  /// stdout and stderr.
  static func run(_ executable: URL, _ arguments: [String], input: String = "") throws
    -> (status: Int32, out: String, err: String)
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    (process.standardInput, process.standardOutput, process.standardError) = (stdin, stdout, stderr)
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    stdin.fileHandleForWriting.closeFile()
    let out = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let err = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, out, err)
  }

  func testAnotherUsersConnectionIsRefusedWhateverTheModesSay() throws {
    // Run as root (as CI does) with util-linux's setpriv: a client of another user (nobody),
    // which the modes would let in had the user widened them, is refused by its credentials.
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
      throw XCTSkip("needs root and /usr/bin/setpriv to connect as another user")
    }
    let owner = try RPCProcess()
    _ = owner.initialize()
    let directory = owner.dataDirectory.path
    XCTAssertEqual(chmod(directory, 0o777), 0)
    XCTAssertEqual(chmod(AttachPoint.path(in: directory), 0o666), 0)
    // The binary where nobody may run it.
    let copy = directory + "/bin"
    XCTAssertEqual(mkdir(copy, 0o755), 0)
    try FileManager.default.copyItem(atPath: RPCProcess.binary.path, toPath: copy + "/gallery-rpc")
    let stranger = try Self.run(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      [
        "--reuid=65534", "--regid=65534", "--clear-groups", copy + "/gallery-rpc", "attach", "--data-dir",
        directory,
      ],
      input: #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n")
    XCTAssertFalse(stranger.out.contains("\"result\""), "another user is never answered: \(stranger.out)")
    XCTAssertEqual(stranger.status, 1, stranger.err)
    XCTAssertTrue(stranger.err.contains("only the user who started this core may attach to it"), stranger.err)
    XCTAssertEqual(owner.stop(), 0)
    XCTAssertTrue(owner.errorOutput.contains("attach: refused a connection from another user"))
  }

  func testANinthClientIsToldTheAttachPointIsFull() throws {
    let owner = try RPCProcess()
    _ = owner.initialize()
    let eight = try (0..<8).map { _ in try AttachedPeer(dataDirectory: owner.dataDirectory.path) }
    for peer in eight { _ = peer.call("initialize") }
    let ninth = try AttachedPeer(dataDirectory: owner.dataDirectory.path)
    let said = ninth.drain()
    XCTAssertEqual(said.first?["method"], .string("attach/ended"))
    XCTAssertTrue(said.first?["params"]?["reason"]?.string?.contains("8 clients") ?? false)
    // One leaves (its place is free once it sees its end); another may come.
    _ = eight[0].call("shutdown")
    eight[0].notify("exit")
    _ = eight[0].drain()
    let tenth = try AttachedPeer(dataDirectory: owner.dataDirectory.path)
    XCTAssertNotNil(tenth.call("initialize")["capabilities"]?["attached"])
  }
}
