import EventStore
import Foundation
import GalleryCore
import Synchronization

/// The bridge's routes: the page's files, `/events` (notifications), `POST /rpc` (one
/// JSON-RPC message per request, answered with the core's answer; an upload's bytes travel
/// in it, as `account/upload`'s `data`), `/data/cache/…` (thumbnails the core downloaded) and
/// `/demo/…` (what the demo provider's `demo://` links name: its video clips and photos).
/// Everything but the page's own files needs the per-run token.
final class WebBridge: Sendable {
  let options: BridgeOptions
  let token: String
  let streams = PageStreams()
  let demoFiles = DemoFiles()
  /// What `start` made: the core, each page's `events/subscribe` over it, and the core's
  /// answer to `initialize` (which pages get as theirs). Set once, before any page is served.
  private struct Started {
    let core: CoreConnection
    let subscriptions: PageSubscriptions
    var initializeResult: JSONValue = .null
  }
  private let started = Mutex<Started?>(nil)
  /// The core connection (`start` made it).
  private var core: CoreConnection { started.withLock { $0!.core } }
  /// The pages' subscriptions (`start` made them).
  private var subscriptions: PageSubscriptions { started.withLock { $0!.subscriptions } }
  static let pageFiles = [
    "/": "index.html", "/index.html": "index.html", "/app.js": "app.js", "/style.css": "style.css",
    "/dom.js": "dom.js", "/inspector.js": "inspector.js",
    // The TypeScript client's ES module, from Clients/typescript (the page runs on it).
    "/gallery-client.js": "gallery-client.js",
  ]

  init(options: BridgeOptions, token: String) {
    self.options = options
    self.token = token
  }

  /// Starts the core and initializes it; the bridge answers pages' `initialize` with the result.
  func start(onExit: @escaping @Sendable (Int32) -> Void) throws {
    try OwnerOnly.makeFolder(options.dataDirectory)
    let core = try CoreConnection(
      server: options.server,
      arguments: ["serve", "--framing", "ndjson", "--data-dir", options.dataDirectory]
        + options.serverArguments,
      onNotification: { [weak self] line in self?.notified(line) }, onExit: onExit)
    let subscriptions = PageSubscriptions(streams: streams) { try core.request($0) }
    started.withLock { $0 = Started(core: core, subscriptions: subscriptions) }
    let answer = try core.request([
      "jsonrpc": .string("2.0"), "id": .number(1), "method": .string("initialize"),
      "params": .object([
        "clientInfo": .object(["name": .string("gallery-web")]),
        "initializationOptions": .object(options.initializationOptions),
      ]),
    ])
    guard let result = answer["result"] else {
      // What the core said was wrong, as it said it (the data of its error names it).
      var said = "no answer"
      if case .object(let error)? = answer["error"] {
        if case .string(let text)? = error["message"] { said = text }
        if case .string(let text)? = error["data"] { said = text }
      }
      throw CoreConnection.NoAnswer(description: "initialize failed: \(said)")
    }
    started.withLock { $0?.initializeResult = result }
    core.notify(["jsonrpc": .string("2.0"), "method": .string("initialized")])
  }

  /// A notification of the core: the subscription's events go to the pages that asked for
  /// them; everything else (`state/changed`, `$/progress`) to every page.
  private func notified(_ line: [UInt8]) {
    if line.firstRange(of: Array("\"events/".utf8)) != nil, let message = try? JSONParser.parse(line),
      message["method"] == .string("events/appended") || message["method"] == .string("events/dropped")
    {
      started.withLock { $0?.subscriptions }?.deliver(message)
      return
    }
    streams.broadcast(line)
  }

  /// Stops the core cleanly (its log flushed) and ends the pages' streams; every wait in it
  /// is bounded.
  func stop() {
    core.stop()
    streams.endAll()
  }

  /// Whether `request` is the page's own: it carries the run's token, or asks for one of the
  /// page's files (what a browser loads before it has the token in hand). The listener keeps
  /// its last connections for these.
  func isPages(_ request: HTTPRequest) -> Bool {
    carriesToken(request) || (request.method == "GET" && Self.pageFiles[request.path] != nil)
  }

  private func carriesToken(_ request: HTTPRequest) -> Bool {
    request.headers["x-gallery-token"] == token || request.query["token"] == token
  }

  /// Why `request` is refused, judged by its head alone (nil: it goes on): the listener asks
  /// before it reads a body, so a client without the token never has one read or held.
  func refusal(_ request: HTTPRequest) -> HTTPReply? {
    guard hostIsLocal(request.headers["host"]) else {
      return .text(403, "the Host header must name this machine (127.0.0.1 or localhost)")
    }
    if request.method == "GET", Self.pageFiles[request.path] != nil { return nil }
    guard carriesToken(request) else {
      return .text(403, "missing or wrong token: open the URL gallery-web printed")
    }
    return nil
  }

  func route(_ request: HTTPRequest) -> HTTPReply {
    if let refusal = refusal(request) { return refusal }
    if request.method == "GET", let file = Self.pageFiles[request.path] { return pageFile(file) }
    switch (request.method, request.path) {
    case ("GET", "/events"):
      let subscriptions = started.withLock { $0?.subscriptions }
      return .stream(contentType: "text/event-stream") { [streams] socket in
        streams.add(socket) { subscriptions?.unsubscribe(stream: $0) }
      }
    case ("POST", "/rpc"):
      return relay(request.body, stream: request.headers["x-gallery-stream"])
    case ("GET", let path) where path.hasPrefix("/data/cache/"): return cached(String(path.dropFirst(6)))
    case ("GET", let path) where path.hasPrefix("/demo/"): return demoFiles.reply(path: path.dropFirst(6))
    default: return .text(404, "no such route: \(request.method) \(request.path)")
    }
  }

  private func hostIsLocal(_ host: String?) -> Bool {
    guard let host else { return false }
    let name =
      host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.prefix { $0 != ":" })
    return ["127.0.0.1", "localhost", "::1", options.host].contains(name)
  }

  private func pageFile(_ name: String) -> HTTPReply {
    let root = name == "gallery-client.js" ? options.clientRoot : options.webRoot
    guard let bytes = FileManager.default.contents(atPath: root + "/" + name) else {
      return .text(404, "\(name) is not in \(root)")
    }
    let type =
      name.hasSuffix(".html")
      ? "text/html; charset=utf-8"
      : name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"
    return .response(status: 200, contentType: type, body: [UInt8](bytes))
  }

  private func json(_ status: Int, _ value: JSONValue) -> HTTPReply {
    .response(status: status, contentType: "application/json", body: JSONWriter.bytes(value))
  }

  private func error(_ id: JSONValue, _ code: Int, _ message: String) -> HTTPReply {
    json(
      200,
      .object([
        "jsonrpc": .string("2.0"), "id": id,
        "error": .object(["code": .number(Double(code)), "message": .string(message)]),
      ]))
  }

  /// One message in, its answer out. The core's lifecycle belongs to the bridge: pages get
  /// the bridge's own `initialize` result, and `shutdown`/`exit` are refused.
  /// One page's message to the core; `stream` is the page's `/events` stream, which its
  /// subscriptions are kept for.
  private func relay(_ body: [UInt8], stream: String?) -> HTTPReply {
    guard let parsed = try? JSONParser.parse(body) else { return error(.null, -32700, "Parse error") }
    guard case .object(let message) = parsed, case .string(let method)? = message["method"] else {
      return error(.null, -32600, "Invalid Request: send one JSON-RPC request or notification per POST")
    }
    let id = message["id"]
    switch method {
    case "initialize":
      return json(
        200,
        .object([
          "jsonrpc": .string("2.0"), "id": id ?? .null,
          "result": started.withLock { $0?.initializeResult } ?? .null,
        ]))
    case "initialized": return .response(status: 204, contentType: "text/plain", body: [])
    case "shutdown", "exit":
      return error(
        id ?? .null, -32600, "Invalid Request: the bridge owns gallery-rpc's lifetime; stop gallery-web")
    case "events/subscribe", "events/unsubscribe":
      guard let id else { return .response(status: 204, contentType: "text/plain", body: []) }
      guard let stream else {
        return error(
          id, -32602,
          "Invalid params: send X-Gallery-Stream, the \"stream\" of this page's /events hello: each page has its own subscription"
        )
      }
      if method == "events/unsubscribe" {
        subscriptions.unsubscribe(stream: stream)
        return json(200, .object(["jsonrpc": .string("2.0"), "id": id, "result": .null]))
      }
      var from: UInt64?
      if let value = message["params"]?["from"] {
        guard let n = value.exactInteger, n >= 1 else {
          return error(id, -32602, "Invalid params: \"from\" must be a seq, 1 or more")
        }
        from = UInt64(n)
      }
      switch subscriptions.subscribe(stream: stream, from: from) {
      case .success(let result):
        return json(200, .object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
      case .failure(let failure):
        return json(200, .object(["jsonrpc": .string("2.0"), "id": id, "error": failure.json]))
      }
    default: break
    }
    guard id != nil else {
      core.notify(message)
      return .response(status: 204, contentType: "text/plain", body: [])
    }
    do { return json(200, .object(try core.request(message))) } catch {
      return .text(502, "\(error)")
    }
  }

  /// A file of the image cache, by the path the state gives (`cache/ab/ab12…`); nothing
  /// outside the cache folder.
  private func cached(_ relative: String) -> HTTPReply {
    let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("%") }),
      let bytes = FileManager.default.contents(atPath: options.dataDirectory + "/" + relative)
    else { return .text(404, "not in the image cache") }
    let type = UploadFile.mimeType([UInt8](bytes)) ?? "application/octet-stream"
    return .response(status: 200, contentType: type, body: [UInt8](bytes))
  }
}
