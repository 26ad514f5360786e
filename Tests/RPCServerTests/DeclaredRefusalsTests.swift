import Foundation
import GalleryCore
import GalleryTesting
import JSON
import RPCServer
import XCTest

/// Every -32010 a method answers carries a code its declaration lists (`x-rejection-codes`,
/// the typed clients' rejection types), whatever refused it: the method's own rules or the
/// gates in front of every action (a server's wait, a read-only server). Checked over seeded
/// random sessions that call every action method, with parameters drawn from its declared
/// schema, while the providers answer 429 now and then.
final class DeclaredRefusalsTests: XCTestCase {
  /// An image an upload can read from disk.
  static let gif = [UInt8]("GIF89a".utf8) + [UInt8](repeating: 7, count: 64)

  func testEveryRefusalARandomSessionMeetsIsDeclaredByItsMethod() throws {
    let sessions = SuiteLength.value("GALLERY_REFUSAL_SESSIONS", default: 3)
    let steps = SuiteLength.value("GALLERY_REFUSAL_STEPS", default: 800)
    var met: Set<String> = []
    for seed in 1...UInt64(sessions) {
      met.formUnion(try session(seed: seed, steps: steps))
    }
    // The session reaches the gates it is about, or it proves nothing.
    for reached in ["account/upload request.retryTooSoon", "account/delete request.retryTooSoon"] {
      XCTAssertTrue(met.contains(reached), "no session met \(reached): \(met.sorted())")
    }
  }

  /// One session; the refusals it met, as "method code".
  private func session(seed: UInt64, steps: Int) throws -> Set<String> {
    var rng = RandomSession(seed: seed &* 7_919)
    let tooMany = RequestFailure(kind: .http, status: 429, serverMessage: "slow down", retryAfterSeconds: 30)
    let feed = SwitchedFeed()
    let account = SwitchedAccount()
    var environment = GalleryEnvironment().with { $0.account = account }
    environment.feed = feed
    let server = try InProcessServer(environment: environment, testClock: ManualClock())
    _ = server.call("initialize", #"{"initializationOptions":{"signIn":"none"}}"#)
    // The account signs in (again after a random sign-out, most of the time), so its
    // requests go out and meet their gates.
    func signIn() {
      let begun = server.call("account/beginLogin", "{}")
      _ = server.call(
        "account/completeLogin", Self.json(.object(["redirectURL": begun["demoRedirectURL"] ?? .null])))
    }
    signIn()
    let image = server.dataDirectory.path + "/upload.gif"
    XCTAssertTrue(FileManager.default.createFile(atPath: image, contents: Data(Self.gif)))
    let actions = MethodCatalog.all.filter { if case .action = $0.route { true } else { false } }
      .sorted { $0.name < $1.name }
    var met: Set<String> = []
    for _ in 0..<steps {
      feed.failure.mutate { $0 = rng.next() % 4 == 0 ? tooMany : nil }
      account.failure.mutate { $0 = rng.next() % 3 == 0 ? tooMany : nil }
      if server.store.state.account.status == .signedOut, rng.next() % 4 != 0 { signIn() }
      let spec = rng.pick(actions)
      let params = Self.params(for: spec, image: image, &rng)
      let (_, answer) = server.response(to: server.request(spec.name, Self.json(params)))
      if answer["error"]?["code"] == JSONValue.number(-32010) {
        let code = answer["error"]?["data"]?["code"]?.string ?? "(none)"
        met.insert("\(spec.name) \(code)")
        XCTAssertTrue(
          spec.refusals.contains(code), "\(spec.name) answered -32010 \(code), which it does not declare")
      }
      if rng.next() % 3 == 0 {
        _ = server.call("test/advanceClock", #"{"milliseconds":\#(rng.pick([1, 300, 31_000]))}"#)
      }
      _ = server.call("test/settle", "{}")
    }
    return met
  }

  /// `value` as JSON text.
  static func json(_ value: JSONValue) -> String {
    String(decoding: JSONWriter.bytes(value), as: UTF8.self)
  }

  /// Parameters for `spec` drawn from its declared schema: each required one, an optional one
  /// half the time, one of each group of alternatives.
  static func params(for spec: MethodSpec, image: String, _ rng: inout RandomSession) -> JSONValue {
    var members: [String: JSONValue] = [:]
    var groups: Set<String> = []
    for param in spec.params where param.name != "workDoneToken" {
      if let group = param.group {
        guard !groups.contains(group), rng.next() % 2 == 0 || param.name == "path" else { continue }
        groups.insert(group)
      } else if !param.required, rng.next() % 2 == 0 {
        continue
      }
      members[param.name] = value(named: param.name, param.schema, image: image, &rng)
    }
    if members["data"] != nil { members["fileName"] = .string("upload.gif") }
    return .object(members)
  }

  /// A value of `schema`: an upload's file or bytes are a real image; other strings come from
  /// a pool of good and bad values alike.
  static func value(named name: String, _ schema: JSONValue, image: String, _ rng: inout RandomSession)
    -> JSONValue
  {
    if case .array(let options)? = schema["enum"], !options.isEmpty { return rng.pick(options) }
    if case .array(let types)? = schema["type"], let first = types.first(where: { $0 != .string("null") }) {
      return value(named: name, .object(["type": first]), image: image, &rng)
    }
    if case .array(let choices)? = schema["oneOf"] ?? schema["anyOf"], !choices.isEmpty {
      return value(named: name, rng.pick(choices), image: image, &rng)
    }
    switch schema["type"]?.string {
    case "string":
      if name == "path" { return .string(image) }
      if name == "data" { return .string(Data(gif).base64EncodedString()) }
      return .string(rng.pick(["", "x", "test@mail.com", "123456", "demo:1", "1", "sd", "es"]))
    case "integer", "number":
      let low = schema["minimum"]?.exactInteger.map { Int($0) } ?? 0
      return .number(Double(low + Int(rng.next() % 3)))
    case "boolean": return .bool(rng.next() % 2 == 0)
    case "array":
      let item = schema["items"] ?? .object(["type": .string("string")])
      return .array(rng.next() % 2 == 0 ? [] : [value(named: name, item, image: image, &rng)])
    default: return .object([:])
    }
  }
}
