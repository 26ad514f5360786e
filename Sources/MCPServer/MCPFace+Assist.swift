import Foundation
import JSON
import RPCServer

/// What an assistant needs beyond one method per call: an action that answers once what it
/// started has settled (with the state changes it saw), sign-in in one call, and a photo it
/// can look at.
extension MCPFace {
  /// The argument every action tool takes: `true` answers once the work the call started has
  /// settled (at most `waitMilliseconds`), with `settled` and the state's `changes`.
  static let waitParameter = "wait"
  /// The most a waiting call waits for its work (the core's `effects/settle` bound).
  static let waitMilliseconds = 10_000

  /// Runs `steps` (method and params) one after the other, stopping at the first failure;
  /// with `wait`, then waits for the work they started and adds what changed meanwhile to the
  /// last step's answer.
  func run(
    _ steps: [(method: String, params: JSONValue?)], for client: RPCID?, wait: Bool,
    then: @escaping MCPSessionState.Continuation
  ) {
    let recording: Int? =
      wait
      ? session.withLock { s in
        let id = s.nextRecording
        s.nextRecording += 1
        s.recordings[id] = PatchRecording()
        return id
      } : nil
    runStep(0, of: steps, for: client, recording: recording, then: then)
  }

  private func runStep(
    _ index: Int, of steps: [(method: String, params: JSONValue?)], for client: RPCID?, recording: Int?,
    then: @escaping MCPSessionState.Continuation
  ) {
    let (method, params) = steps[index]
    forward(method, params, for: index == 0 ? client : nil) { [self] answer in
      guard case .success = answer, index + 1 < steps.count else {
        return settle(answer, recording: recording, then: then)
      }
      runStep(index + 1, of: steps, for: client, recording: recording, then: then)
    }
  }

  /// After the last step: without a recording, its answer; with one, the wait for the work
  /// in flight, then the answer with `settled`, `version` and the `changes` seen.
  private func settle(
    _ answer: Result<JSONValue, RPCError>, recording: Int?, then: @escaping MCPSessionState.Continuation
  ) {
    guard let recording else { return then(answer) }
    guard case .success(let result) = answer else {
      _ = session.withLock { $0.recordings.removeValue(forKey: recording) }
      return then(answer)
    }
    forward("effects/settle", .object(["timeoutMs": .number(Double(Self.waitMilliseconds))])) {
      [self] settle in
      let seen = session.withLock { $0.recordings.removeValue(forKey: recording) } ?? PatchRecording()
      var members: [String: JSONValue] = [:]
      if case .object(let answered) = result { members = answered } else { members["result"] = result }
      if case .success(let settled) = settle {
        members["settled"] = settled["settled"] ?? .bool(false)
        members["version"] = settled["version"] ?? members["version"] ?? .null
      }
      members["changes"] = .array(seen.operations)
      if seen.cut > 0 { members["changesLeftOut"] = .number(Double(seen.cut)) }
      then(.success(.object(members)))
    }
  }

  /// Keeps a `state/changed` patch's operations for every call waiting for its outcome.
  func record(_ patch: [JSONValue]) {
    session.withLock { s in
      guard !s.recordings.isEmpty else { return }
      for id in s.recordings.keys { for operation in patch { s.recordings[id]?.record(operation) } }
    }
  }

  /// `auth_signIn`: the email, the password and the submit, then the wait for the outcome.
  func signIn(_ arguments: [String: JSONValue], reply: Reply, tool: MCPTool) {
    guard case .string(let email)? = arguments["email"], case .string(let password)? = arguments["password"]
    else {
      return reply.result(
        ToolResult(
          .failure(.invalidParams("auth_signIn needs \"email\" and \"password\", both strings")), tool: tool
        )
        .json)
    }
    run(
      [
        ("auth/setEmail", .object(["value": .string(email)])),
        ("auth/setPassword", .object(["value": .string(password)])), ("auth/submitLogin", nil),
      ], for: reply.id, wait: true
    ) { answer in reply.result(ToolResult(answer, tool: tool).json) }
  }

  /// `photo_view`: finds the image slot the state shows for `key`, asks for a thumbnail not
  /// downloaded yet (once), and answers the file as image content.
  func viewPhoto(_ arguments: [String: JSONValue], reply: Reply, tool: MCPTool) {
    let fail = { (error: RPCError) in reply.result(ToolResult(.failure(error), tool: tool).json) }
    guard case .string(let key)? = arguments["key"] else {
      return fail(.invalidParams("photo_view needs \"key\", a photo's key as the state shows it"))
    }
    var large = false
    switch arguments["size"] {
    case nil, .string("thumbnail")?: break
    case .string("large")?: large = true
    default: return fail(.invalidParams("parameter \"size\" must be thumbnail or large"))
    }
    look(key: key, large: large, askedAlready: false, reply: reply, tool: tool)
  }

  /// Reads the state for `key`'s image slot and answers with its file, asking for a thumbnail
  /// no frontend asked for yet once (as the frontend would), then looking again.
  private func look(key: String, large: Bool, askedAlready: Bool, reply: Reply, tool: MCPTool) {
    let fail = { @Sendable (error: RPCError) in reply.result(ToolResult(.failure(error), tool: tool).json) }
    forward("state/get", nil) { [self] answer in
      guard case .success(let result) = answer, let state = result["value"] else {
        if case .failure(let error) = answer { fail(error) }
        return
      }
      switch PhotoSlot.find(key: key, large: large, in: state) {
      case .loaded(let path):
        reply.result(photoResult(path: path, key: key, large: large, tool: tool))
      case .missing where !askedAlready && !large:
        run([("images/prefetch", .object(["keys": .array([.string(key)])]))], for: nil, wait: true) {
          [self] asked in
          if case .failure(let error) = asked { return fail(error) }
          look(key: key, large: large, askedAlready: true, reply: reply, tool: tool)
        }
      case .missing(let status):
        fail(
          .invalidParams(
            large
              ? "the large image of \(key) is not downloaded (\(status)); it downloads when the photo is open (feed_openDetail, albums_openPhoto, favorites_open)"
              : "the thumbnail of \(key) is not downloaded (\(status))"))
      case .notShown:
        fail(
          .invalidParams("no screen shows a photo with key \(String(reflecting: String(key.prefix(200))))"))
      }
    }
  }

  /// The image content of the file at `path` (relative to the data directory), or why not.
  func photoResult(path: String, key: String, large: Bool, tool: MCPTool) -> JSONValue {
    let file = dataDirectory + "/" + path
    guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
      size <= PhotoContent.maxFileBytes, let data = FileManager.default.contents(atPath: file)
    else {
      return ToolResult(
        .failure(.invalidParams("the image file of \(key) cannot be read, or is too large")), tool: tool
      )
      .json
    }
    switch PhotoContent.make(Array(data)) {
    case .failure(let refusal):
      return ToolResult(.failure(.invalidParams("\(key): \(refusal.reason)")), tool: tool).json
    case .success(let image):
      let size = image.width.map { "\($0)×\(image.height ?? 0)" } ?? "\(image.bytes.count) bytes"
      return .object([
        "content": .array([
          .object([
            "type": .string("image"), "data": .string(Data(image.bytes).base64EncodedString()),
            "mimeType": .string(image.mimeType),
          ]),
          ToolResult.text("\(key), \(large ? "large" : "thumbnail"), \(size)"),
        ]),
        "isError": .bool(false),
      ])
    }
  }
}

/// Where the state keeps a photo's image: the image slot (`{status, path, error}`) of the
/// object that shows `key`, its large one (`image`, `large`) or its thumbnail.
enum PhotoSlot: Equatable {
  case loaded(path: String)
  case missing(status: String)
  case notShown

  static func find(key: String, large: Bool, in state: JSONValue) -> PhotoSlot {
    let names = large ? ["image", "large", "original"] : ["thumbnail", "preview"]
    var found = PhotoSlot.notShown
    func visit(_ value: JSONValue, depth: Int) {
      guard depth < 12,
        found == .notShown || { if case .missing = found { return true } else { return false } }()
      else { return }
      switch value {
      case .object(let members):
        if members["key"] == .string(key) {
          for name in names {
            guard case .object(let slot)? = members[name], case .string(let status)? = slot["status"] else {
              continue
            }
            if status == "loaded", case .string(let path)? = slot["path"], !path.hasPrefix("/"),
              !path.split(separator: "/").contains("..")
            {
              found = .loaded(path: path)
              return
            }
            found = .missing(status: status)
          }
        }
        for (_, member) in members { visit(member, depth: depth + 1) }
      case .array(let items):
        for item in items { visit(item, depth: depth + 1) }
      default: break
      }
    }
    visit(state, depth: 0)
    return found
  }
}
