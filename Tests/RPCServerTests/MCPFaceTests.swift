import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer
import XCTest

@testable import MCPServer

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery-rpc mcp` as an MCP host drives it: the tools are the catalog's methods under the
/// naming rule (never a list kept here), calls answer as the core does, refusals and bad
/// arguments are error results, the state is a resource, subscriptions bring updates, and
/// nothing secret comes out.
final class MCPFaceTests: XCTestCase {

  private func text(_ result: JSONValue) -> String {
    guard case .array(let content)? = result["content"], case .string(let text)? = content.first?["text"]
    else {
      XCTFail("no text content in \(result)")
      return ""
    }
    return text
  }

  private func read(_ p: RPCProcess, _ uri: String) -> JSONValue {
    let result = p.call("resources/read", #"{"uri":"\#(uri)"}"#)
    guard case .array(let contents)? = result["contents"], case .string(let text)? = contents.first?["text"]
    else {
      XCTFail("no contents for \(uri): \(result)")
      return .null
    }
    return (try? JSONParser.parse(text)) ?? .null
  }

  private func toolNames(_ p: RPCProcess) -> [String] {
    guard case .array(let tools)? = p.call("tools/list")["tools"] else { return [] }
    return tools.compactMap { if case .string(let n)? = $0["name"] { n } else { nil } }
  }

  func testTheToolsAreTheCatalogsMethodsUnderTheNamingRule() throws {
    let tools = MethodCatalog.all.filter { MCPToolCatalog.exclusion(of: $0, testClock: false) == nil }
    let expected =
      tools.filter { MCPToolCatalog.leftOutByDefault($0) == nil }.map { MCPToolName.tool(forMethod: $0.name) }
      + MCPOwnTool.allCases.map(\.rawValue)
    let p = try RPCProcess.mcpFace()
    XCTAssertEqual(toolNames(p), expected)
    XCTAssertFalse(toolNames(p).contains("test_settle"), "the test clock's tools only with --test-clock")
    XCTAssertFalse(toolNames(p).contains("images_prefetch"), "the frontend's plumbing only with --all-tools")
    XCTAssertEqual(p.finish(), 0)
    let all = try RPCProcess.mcpFace(["--all-tools"])
    XCTAssertEqual(
      toolNames(all), tools.map { MCPToolName.tool(forMethod: $0.name) } + MCPOwnTool.allCases.map(\.rawValue)
    )
    XCTAssertEqual(all.finish(), 0)
    // Every method a feature declares is a tool of the full list; under the test clock, its methods too.
    let clocked = try RPCProcess.mcpFace(["--test-clock", "--all-tools"])
    let names = Set(toolNames(clocked))
    for spec in MethodCatalog.all where !spec.tags.isEmpty {
      XCTAssertTrue(names.contains(MCPToolName.tool(forMethod: spec.name)), "no tool for \(spec.name)")
    }
    XCTAssertEqual(clocked.finish(), 0)
  }

  func testTheNamingRuleGoesBothWaysAndKeepsToMCPsCharacters() {
    var seen: [String: String] = [:]
    for spec in MethodCatalog.all where MCPToolCatalog.exclusion(of: spec, testClock: true) == nil {
      let name = MCPToolName.tool(forMethod: spec.name)
      XCTAssertTrue(MCPToolName.isAllowed(name), name)
      XCTAssertNil(seen[name], "\(spec.name) and \(seen[name] ?? "") map to one tool")
      seen[name] = spec.name
    }
    for own in MCPOwnTool.allCases { XCTAssertNil(seen[own.rawValue], "\(own.rawValue) shadows a method") }
    XCTAssertEqual(MCPToolName.tool(forMethod: "auth/setEmail"), "auth_setEmail")
    XCTAssertFalse(MCPToolName.isAllowed("auth/setEmail"))
  }

  /// The OpenRPC document and the tool list say the same of every method: summary, parameters,
  /// result, and what it does to the state.
  func testTheToolListAgreesWithTheOpenRPCDocument() throws {
    let document = OpenRPCDocument.build(serverVersion: "test")
    guard case .array(let methods)? = document["methods"] else { return XCTFail("no methods") }
    let tools = Dictionary(
      uniqueKeysWithValues: MCPToolCatalog.tools(testClock: true, all: true).map { ($0.name, $0) })
    var checked = 0
    for method in methods {
      guard case .string(let name)? = method["name"], let spec = MethodCatalog.byName[name]?.spec,
        MCPToolCatalog.exclusion(of: spec, testClock: true) == nil
      else { continue }
      guard let tool = tools[MCPToolName.tool(forMethod: name)] else {
        XCTFail("no tool for \(name)")
        continue
      }
      checked += 1
      if case .string(let summary)? = method["summary"] {
        XCTAssertTrue(tool.description.hasPrefix(summary), name)
      }
      var params: Set<String> = []
      if case .array(let declared)? = method["params"] {
        for case .string(let p)? in declared.map({ $0["name"] }) where p != "workDoneToken" {
          params.insert(p)
        }
      }
      guard case .object(let properties)? = tool.inputSchema["properties"] else { return XCTFail(name) }
      // Every action tool also takes the face's own `wait`.
      if case .action = spec.route { params.insert(MCPFace.waitParameter) }
      XCTAssertEqual(Set(properties.keys), params, name)
      XCTAssertEqual(tool.readOnly, method["x-read-only"] == .bool(true), name)
      XCTAssertEqual(tool.destructive, method["x-destructive"] == .bool(true), name)
      XCTAssertEqual(tool.idempotent, tool.readOnly || method["x-idempotent"] == .bool(true), name)
      let written = String(decoding: JSONWriter.bytes(tool.json), as: UTF8.self)
      XCTAssertFalse(written.contains("#/components/"), "\(name)'s schemas refer outside themselves")
      if let output = tool.outputSchema { XCTAssertEqual(output["type"], .string("object"), name) }
    }
    XCTAssertEqual(checked, tools.count - MCPOwnTool.allCases.count)
    XCTAssertTrue(tools["account_delete"]!.destructive)
    XCTAssertTrue(tools["auth_setEmail"]!.idempotent)
    XCTAssertTrue(tools["state_get"]!.readOnly)
    XCTAssertFalse(tools["feed_loadMore"]!.idempotent)
  }

  func testACallIsTheCoresAnswerAndARefusalOrABadArgumentIsAnErrorResult() throws {
    let p = try RPCProcess.mcpFace(["--consent", "destructive"])
    let typed = p.tool("auth_setEmail", #"{"value":"test@mail.com"}"#)
    XCTAssertEqual(typed["isError"], .bool(false))
    XCTAssertEqual(typed["structuredContent"]?["events"]?.arrayCount, 1)
    XCTAssertEqual(read(p, "gallery://state/login/email/value"), .string("test@mail.com"))
    // A refusal: its message in the state's language, its code and arguments.
    XCTAssertEqual(p.tool("settings_update", #"{"language":"es"}"#)["isError"], .bool(false))
    let refused = p.tool("account_delete", #"{"id":"nope"}"#)
    XCTAssertEqual(refused["isError"], .bool(true))
    XCTAssertEqual(refused["structuredContent"]?["code"], .string("account.signedOut"))
    let spanish = MessageCatalog.text("account.signedOut", [:], in: .es)
    XCTAssertEqual(text(refused), spanish)
    XCTAssertNotEqual(spanish, MessageCatalog.text("account.signedOut", [:], in: .en))
    // A bad argument is named as -32602 names it; an unknown one too.
    let bad = p.tool("auth_setEmail", #"{"value":5}"#)
    XCTAssertEqual(bad["isError"], .bool(true))
    XCTAssertEqual(bad["structuredContent"]?["error"], .number(-32602))
    XCTAssertTrue(text(bad).contains(#"parameter "value""#), text(bad))
    XCTAssertTrue(text(p.tool("auth_setEmail", #"{"value":"a","colour":1}"#)).contains("colour"))
    // An unknown tool is the protocol's error.
    let unknown = p.error("tools/call", #"{"name":"auth/setEmail","arguments":{}}"#)
    XCTAssertEqual(unknown["code"], .number(-32602))
    XCTAssertEqual(p.finish(), 0)
  }

  func testTheStateIsAResourceByPointerAndTheRecentEventsToo() throws {
    let p = try RPCProcess.mcpFace()
    p.tool("auth_setEmail", #"{"value":"test@mail.com"}"#)
    guard case .array(let listed)? = p.call("resources/list")["resources"] else { return XCTFail() }
    XCTAssertEqual(
      listed.compactMap { $0["uri"] }, [.string("gallery://state"), .string("gallery://events/recent")])
    let whole = read(p, "gallery://state")
    XCTAssertEqual(whole["login"]?["email"]?["value"], .string("test@mail.com"))
    XCTAssertEqual(read(p, "gallery://state/session/status"), .string("signedOut"))
    guard case .array(let events) = read(p, "gallery://events/recent") else { return XCTFail("no events") }
    XCTAssertEqual(events.last?["type"], .string("auth.fieldEdited"))
    let missing = p.error("resources/read", #"{"uri":"gallery://nothing"}"#)
    XCTAssertEqual(missing["code"], .number(-32002))
    let badPointer = p.error("resources/read", #"{"uri":"gallery://state/no/such/member"}"#)
    XCTAssertEqual(badPointer["code"], .number(-32602))
    XCTAssertEqual(p.finish(), 0)
  }

  /// Handshake era: `resources/subscribe`; the last change is always announced after the
  /// answer that made it, and a part no change touches is not.
  func testASubscriptionBringsAnUpdateAfterEachRoundOfChanges() throws {
    let p = try RPCProcess.mcpFace()
    p.call("resources/subscribe", #"{"uri":"gallery://state/login"}"#)
    p.call("resources/subscribe", #"{"uri":"gallery://state/albums"}"#)
    for i in 0..<5 { p.tool("auth_setEmail", #"{"value":"a\#(i)@b.c"}"#) }
    var heard: [JSONValue] = []
    while let message = p.next() {
      guard message["method"] == .string("notifications/resources/updated") else { continue }
      heard.append(message["params"]?["uri"] ?? .null)
      if message["params"]?["uri"] == .string("gallery://state/login") { break }
    }
    // After the last answer, the last round comes (at most one per 100 ms before it).
    let drained = p.call("ping")
    XCTAssertEqual(drained, .object([:]))
    XCTAssertFalse(heard.contains(.string("gallery://state/albums")), "albums did not change")
    XCTAssertEqual(p.finish(), 0)
  }

  /// 2026-07-28: `server/discover`, the envelope on every request, `subscriptions/listen`.
  func testTheNewestRevisionDiscoversAndListens() throws {
    let p = try RPCProcess(command: "mcp")
    let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#
    let found = p.call("server/discover", "{\(meta)}")
    XCTAssertEqual(found["supportedVersions"], .array([.string("2026-07-28")]))
    XCTAssertEqual(found["resultType"], .string("complete"))
    let old = p.error("tools/list", #"{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01"}}"#)
    XCTAssertEqual(old["code"], .number(-32022))
    p.send(
      #"{"jsonrpc":"2.0","id":"listen-1","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":["gallery://state","nope://x"]},\#(meta)}}"#
    )
    let ack = p.next()
    XCTAssertEqual(ack?["method"], .string("notifications/subscriptions/acknowledged"))
    XCTAssertEqual(
      ack?["params"]?["notifications"]?["resourceSubscriptions"], .array([.string("gallery://state")]))
    let id = p.request("tools/call", #"{"name":"auth_setEmail","arguments":{"value":"x@y.z"},\#(meta)}"#)
    var updated = false
    var answered = false
    while !(updated && answered), let message = p.next() {
      if message["id"] == .number(Double(id)) { answered = true }
      if message["method"] == .string("notifications/resources/updated") {
        XCTAssertEqual(
          message["params"]?["_meta"]?["io.modelcontextprotocol/subscriptionId"], .string("listen-1"))
        updated = true
      }
    }
    // The input ends: the stream closes gracefully, then the process exits 0.
    p.stdin.fileHandleForWriting.closeFile()
    var closed = false
    while !closed, let message = p.next() { closed = message["id"] == .string("listen-1") }
    XCTAssertTrue(closed, "the listen stream was not closed with a result")
    XCTAssertEqual(p.finish(), 0)
  }

  func testNoSecretInAToolResultOrAResource() throws {
    let p = try RPCProcess.mcpFace(["--test-clock"])
    let password = "s3cret-Passw0rd"
    var seen = ""
    for (name, args) in [
      ("auth_setEmail", #"{"value":"test@mail.com"}"#), ("auth_setPassword", #"{"value":"\#(password)"}"#),
      ("auth_submitLogin", "{}"), ("test_settle", "{}"), ("history_stateAt", #"{"seq":3}"#),
      ("events_read", "{}"), ("state_get", "{}"),
    ] {
      seen += String(decoding: JSONWriter.bytes(p.tool(name, args)), as: UTF8.self)
    }
    for uri in ["gallery://state", "gallery://events/recent", "gallery://state/login/password"] {
      seen += String(decoding: JSONWriter.bytes(read(p, uri)), as: UTF8.self)
    }
    XCTAssertFalse(seen.contains(password))
    XCTAssertTrue(seen.contains("auth.fieldEdited"), "the session did not run")
    XCTAssertEqual(p.finish(), 0)
  }

  func testTheExportToolWritesABundleThatVerifies() throws {
    let p = try RPCProcess.mcpFace()
    p.tool("auth_setEmail", #"{"value":"test@mail.com"}"#)
    let out = p.dataDirectory.path + "/bundles/report.jsonl"
    let written = p.tool("gallery_exportBundle", #"{"name":"report.jsonl"}"#)
    XCTAssertEqual(written["isError"], .bool(false), "\(written)")
    XCTAssertEqual(written["structuredContent"]?["out"], .string(out))
    XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    let again = p.tool("gallery_exportBundle", #"{"name":"report.jsonl"}"#)
    XCTAssertEqual(again["isError"], .bool(true), "a bundle is never written over")
    XCTAssertEqual(p.tool("gallery_exportBundle", #"{"from":0}"#)["isError"], .bool(true))
    // Named by the tool when no name is given.
    let named = p.tool("gallery_exportBundle")
    guard case .string(let path)? = named["structuredContent"]?["out"] else { return XCTFail("\(named)") }
    XCTAssertTrue(path.hasPrefix(p.dataDirectory.path + "/bundles/bundle-"), path)
    XCTAssertEqual(p.finish(), 0)
    let verify = Process()
    verify.executableURL = RPCProcess.binary
    verify.arguments = ["verify", out]
    verify.standardOutput = Pipe()
    try verify.run()
    XCTAssertEqual(verify.exitStatus(within: 60), 0)
  }

  /// An assistant fed a hostile prompt: a bundle written as a login shell's profile would run
  /// the text a field holds. Bundles go only into DATA/bundles, under a plain name, as new files,
  /// never through a link, within a count and a size; nothing of the user's is touched.
  func testTheExportToolWritesOnlyNewPlainFilesInItsFolderWithinItsBounds() throws {
    let p = try RPCProcess.mcpFace()
    let home = TemporaryDirectory()
    p.tool("auth_setEmail", #"{"value":"$(touch \#(home.path)/PWNED)"}"#)
    let profile = home.path + "/.bash_profile"
    for arguments in [
      #"{"out":"\#(profile)"}"#, #"{"name":"../../x"}"#, #"{"name":".bash_profile"}"#, #"{"name":".."}"#,
      #"{"name":"a/b"}"#, #"{"name":""}"#, #"{"name":7}"#,
    ] {
      let refused = p.tool("gallery_exportBundle", arguments)
      XCTAssertEqual(refused["isError"], .bool(true), arguments)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: profile))
    // A user's file beside a bundle's name is never opened or replaced.
    let folder = p.dataDirectory.path + "/bundles"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/x.jsonl.partial"))
    XCTAssertEqual(p.tool("gallery_exportBundle", #"{"name":"x.jsonl"}"#)["isError"], .bool(false))
    XCTAssertEqual(try String(contentsOfFile: folder + "/x.jsonl.partial", encoding: .utf8), "mine")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
    XCTAssertEqual(leftovers, [], "no temp file is left")
    // The count is bounded: the user removes old bundles first.
    for i in 0..<BundleFolder.maxFiles {
      _ = p.tool("gallery_exportBundle", #"{"name":"n\#(i).jsonl"}"#)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    XCTAssertEqual(names.count, BundleFolder.maxFiles, "\(names)")
    XCTAssertEqual(p.finish(), 0)
    // A folder that is a link is never written through.
    let q = try RPCProcess.mcpFace()
    let elsewhere = TemporaryDirectory()
    try FileManager.default.createSymbolicLink(
      atPath: q.dataDirectory.path + "/bundles", withDestinationPath: elsewhere.path)
    XCTAssertEqual(q.tool("gallery_exportBundle", #"{"name":"y.jsonl"}"#)["isError"], .bool(true))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    XCTAssertEqual(q.finish(), 0)
  }

  func testAnAnswerPastTheBoundIsCutAtPointersThatSayWhat() {
    let items = (0..<3000).map { i in
      JSONValue.object(["id": .number(Double(i)), "text": .string(String(repeating: "x", count: 500))])
    }
    let state = JSONValue.object([
      "feed": .object(["items": .array(items), "query": .string("cat")]), "small": .bool(true),
    ])
    let bounded = BoundedAnswer(state, at: "")
    XCTAssertLessThanOrEqual(JSONWriter.bytes(bounded.value).count, BoundedAnswer.limit)
    XCTAssertEqual(bounded.value["small"], .bool(true))
    XCTAssertEqual(bounded.value["feed"]?["query"], .string("cat"))
    guard case .array(let kept)? = bounded.value["feed"]?["items"] else { return XCTFail("items gone") }
    XCTAssertGreaterThan(kept.count, 1000)
    XCTAssertEqual(bounded.cuts, ["/feed/items/\(kept.count)"])
    XCTAssertNotNil(bounded.note)
    // A huge string is a stub naming its pointer.
    let text = BoundedAnswer(.object(["a~b": .string(String(repeating: "y", count: 2 << 20))]), at: "/x")
    XCTAssertEqual(text.cuts, ["/x/a~0b"])
    XCTAssertEqual(text.value["a~b"]?["pointer"], .string("/x/a~0b"))
    // Small answers go whole.
    XCTAssertEqual(BoundedAnswer(state["feed"]!["query"]!, at: "").cuts, [])
  }

  /// A small member is never cut into a larger stub: only what is larger than its stub goes.
  func testACutLeavesSmallMembersAsTheyAre() {
    let value = JSONValue.object([
      "seq": .number(7), "ok": .bool(true), "value": .string(String(repeating: "z", count: 2 << 20)),
    ])
    let bounded = BoundedAnswer(value, at: "")
    XCTAssertEqual(bounded.value["seq"], .number(7))
    XCTAssertEqual(bounded.value["ok"], .bool(true))
    XCTAssertEqual(bounded.cuts, ["/value"])
  }

  /// A call that grows past the core's bound as the face writes it is answered by name and
  /// frees its slot; a string of 12 MB of `\b` is written as it came (two bytes each), so it
  /// reaches the core; after 70 such calls (more than the 64 slots) the face still answers.
  func testEveryCallIsAnsweredAndItsSlotFreedWhateverItsSize() throws {
    let p = try RPCProcess.mcpFace(["--max-message-bytes", "100000"])
    // 20,000 × `1e9` (4 bytes) is 80 KB as sent, 220 KB as `1000000000`.
    let numbers = Array(repeating: "1e9", count: 20_000).joined(separator: ",")
    for _ in 0..<70 {
      let grown = p.tool("auth_setEmail", #"{"value":[\#(numbers)]}"#)
      XCTAssertEqual(grown["isError"], .bool(true))
      XCTAssertTrue(text(grown).contains("limit of 100000 bytes"), text(grown))
    }
    XCTAssertEqual(p.tool("auth_setEmail", #"{"value":"test@mail.com"}"#)["isError"], .bool(false))
    XCTAssertEqual(p.finish(), 0)
    let big = try RPCProcess.mcpFace()
    let controls = String(repeating: "\\b", count: 6 << 20)  // 12 MB of `\b`
    let answer = big.tool("feed_setQuery", #"{"text":"\#(controls)"}"#)
    // The core itself read it and named its own bound: the face neither grew it nor dropped it.
    XCTAssertEqual(answer["structuredContent"]?["error"], .number(-32602))
    XCTAssertTrue(text(answer).contains("6291456 bytes, over the limit"), text(answer))
    XCTAssertEqual(big.finish(), 0)
  }

  /// A client that reads nothing: past the outbox's bound the face stops reading its requests
  /// (5,000 `tools/list` would be 200 MB of answers), so the writer blocks and the face's peak
  /// stays near the bound; once the client reads, every request is answered.
  func testAClientThatReadsNothingStopsTheFaceReadingAtItsOutboxBound() throws {
    // The full list (`--all-tools`): a `tools/list` answer of about 43 KB.
    let p = try RPCProcess(command: "mcp", extra: ["--all-tools"])
    // A `tools/list` answer is about 43 KB: 3,000 of them are 129 MB, four times the outbox's
    // 32 MiB bound plus what the pipes hold, so the writer must block if the bound holds.
    let count = 3000
    let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8) + [0x0A]
    let all = Data((0..<count).flatMap { _ in request })
    let wrote = DispatchSemaphore(value: 0)
    let handle = p.stdin.fileHandleForWriting
    Thread.detachNewThread {
      handle.write(all)
      wrote.signal()
    }
    // That something does not happen is seen only by waiting: two seconds, in which an
    // unbounded face reads the 144 KB of requests many times over.
    let early = wrote.wait(timeout: .now() + 2)
    XCTAssertEqual(early, .timedOut, "the face read every request unread answers or not")
    let peak = try XCTUnwrap(Self.peakBytes(of: p.process.processIdentifier))
    XCTAssertLessThan(peak, 160 << 20, "peak \(peak >> 20) MiB")
    var lines = 0
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    let fd = p.stdout.fileHandleForReading.fileDescriptor
    while lines < count {
      let n = Glibc.read(fd, &chunk, chunk.count)
      guard n > 0 else { break }
      lines += chunk[0..<n].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
    XCTAssertEqual(lines, count, "every request is answered")
    if early == .timedOut { XCTAssertEqual(wrote.wait(timeout: .now() + 60), .success) }
    XCTAssertEqual(p.finish(), 0)
  }

  /// VmHWM of a process, in bytes.
  static func peakBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kb = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kb << 10
  }

  /// A cancelled listen stream ends with the `{}` protocol/mcp.md promises.
  func testACancelledListenEndsWithAnEmptyResult() throws {
    let p = try RPCProcess(command: "mcp")
    let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#
    p.send(
      #"{"jsonrpc":"2.0","id":"l1","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":["gallery://state"]},\#(meta)}}"#
    )
    XCTAssertEqual(p.next()?["method"], .string("notifications/subscriptions/acknowledged"))
    p.notify("notifications/cancelled", #"{"requestId":"l1"}"#)
    let end = p.next()
    XCTAssertEqual(end?["id"], .string("l1"))
    XCTAssertEqual(end?["result"]?["resultType"], .string("complete"), "\(String(describing: end))")
    XCTAssertEqual(p.finish(), 0)
  }

  func testUpdatesComeAtMostOncePer100MillisecondsAndTheLastAlways() {
    var pacer = UpdatePacer()
    let ms: UInt64 = 1_000_000
    XCTAssertEqual(pacer.changed(["a"], now: 1000 * ms), .sendNow(["a"]))
    XCTAssertEqual(pacer.changed(["a"], now: 1010 * ms), .scheduleAt(1100 * ms))
    XCTAssertEqual(pacer.changed(["b"], now: 1050 * ms), .wait)
    XCTAssertEqual(pacer.round(now: 1100 * ms), ["a", "b"])
    XCTAssertEqual(pacer.changed([], now: 1300 * ms), .wait)
    XCTAssertEqual(pacer.changed(["b"], now: 1300 * ms), .sendNow(["b"]))
  }

  func testAtMostEightStreamsListenAtOnce() throws {
    let p = try RPCProcess(command: "mcp")
    let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#
    for i in 1...8 {
      p.send(
        #"{"jsonrpc":"2.0","id":"l\#(i)","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":["gallery://state"]},\#(meta)}}"#
      )
      XCTAssertEqual(p.next()?["method"], .string("notifications/subscriptions/acknowledged"))
    }
    let ninth = p.error(
      "subscriptions/listen", #"{"notifications":{"resourceSubscriptions":["gallery://state"]},\#(meta)}"#)
    XCTAssertEqual(ninth["code"], .number(-32600))
    XCTAssertEqual(p.finish(), 0)
  }

  /// Hostile sizes: a 20 MiB line (past the 16 MiB bound) is refused -32600 and skipped, an id
  /// past 2^53 comes back exact, and a listen asking for 10,000 resources is honored for 32.
  func testHostileSizesAreRefusedByNameAndTheFaceGoesOn() throws {
    let p = try RPCProcess(command: "mcp")
    p.send(
      #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 20 << 20)
        + #""}}"#)
    let refused = try XCTUnwrap(p.next())
    XCTAssertEqual(refused["error"]?["code"], .number(-32600))
    p.send(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}"#)
    XCTAssertEqual(p.next()?["id"], .integer(9_007_199_254_740_993))
    let uris = (0..<10_000).map { #""gallery://state/x\#($0)""# }.joined(separator: ",")
    p.send(
      #"{"jsonrpc":"2.0","id":"l","method":"subscriptions/listen","params":{"notifications":{"resourceSubscriptions":[\#(uris)]},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#
    )
    guard case .array(let honored)? = p.next()?["params"]?["notifications"]?["resourceSubscriptions"] else {
      return XCTFail("no acknowledgement")
    }
    XCTAssertEqual(honored.count, MCPSessionState.maxSubscribedURIs)
    XCTAssertEqual(p.finish(), 0)
  }
}

extension JSONValue {
  fileprivate var arrayCount: Int? {
    if case .array(let items) = self { return items.count }
    return nil
  }
}
