import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// Each method's declaration (its parameters and result in the OpenRPC document) and the
/// code that serves it agree both ways: every declared parameter is read with its declared
/// type, nothing undeclared is read, and every answer matches its declared result.
final class MethodDeclarationTests: XCTestCase {
  /// Where a small PNG to upload lies (its signature and IHDR are what the upload checks).
  let files = TemporaryDirectory()
  var image: String { files.path + "/upload.png" }
  static let png: [UInt8] =
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    + [UInt8](repeating: 0, count: 64)

  override func setUp() {
    let png = Self.png
    XCTAssertTrue(FileManager.default.createFile(atPath: image, contents: Data(png)))
  }

  /// XCTest keeps every test's instance until the process ends, so `files` is never
  /// deinitialised: its directory is removed here, or each run would leave one per test.
  override func tearDown() {
    try? FileManager.default.removeItem(atPath: files.path)
  }

  /// Values the readers accept where any value of the type would not.
  var valid: [String: JSONValue] {
    [
      "redirectURL": .string("https://example.com/#access_token=x"), "path": .string(image),
      "pointer": .string(""), "value": .string("test@mail.com"),
      "data": .string(
        Data(Self.png).base64EncodedString()),
      "fileName": .string("upload.png"),
    ]
  }

  func sample(_ param: MethodSpec.Param) -> JSONValue? {
    if let value = valid[param.name] { return value }
    guard case .object(let schema) = param.schema else { return nil }
    if case .array(let values)? = schema["enum"], let first = values.first { return first }
    switch schema["type"] {
    case .string("string")?: return .string("x")
    case .string("integer")?: return schema["minimum"] ?? .number(1)
    case .string("boolean")?: return .bool(true)
    case .string("array")?: return .array([])
    default: return nil  // any value: nothing to get wrong
    }
  }

  /// A value of another type than the declared one (nil: every value is accepted).
  static func wrong(_ param: MethodSpec.Param) -> JSONValue? {
    guard case .object(let schema) = param.schema, case .string(let type)? = schema["type"] else {
      return nil
    }
    return type == "string" ? .number(7) : .string("seven")
  }

  /// Every parameter with a valid value; of a group of alternatives only one (the one named
  /// `name`, else the first).
  func params(_ spec: MethodSpec, replacing name: String? = nil, with value: JSONValue? = nil)
    -> JSONValue
  {
    var members: [String: JSONValue] = [:]
    let chosen = spec.params.first { $0.name == name }?.group
    var groups = Set<String>()
    for param in spec.params {
      if let group = param.group {
        if group == chosen ? param.name != name : !groups.insert(group).inserted { continue }
      }
      members[param.name] = sample(param)
    }
    if let name { members[name] = value }
    return .object(members)
  }

  static func text(_ value: JSONValue) -> String { String(decoding: JSONWriter.bytes(value), as: UTF8.self) }

  func testEveryActionReadsExactlyItsDeclaredParametersWithTheirTypes() throws {
    var checked = 0
    let context = MethodContext(dataDirectory: files.path)
    for spec in MethodCatalog.all {
      guard case .action(let build, _) = spec.route else { continue }
      let names = spec.paramNames
      do {
        _ = try build(try Params(params(spec), allowed: names), context)
      } catch {
        XCTFail(
          "\(spec.name) refused its declared parameters: \(error.message) \(error.data.map(Self.text) ?? "")")
      }
      for param in spec.params {
        guard let wrong = Self.wrong(param) else { continue }
        do {
          _ = try build(try Params(params(spec, replacing: param.name, with: wrong), allowed: names), context)
          XCTFail("\(spec.name) accepted \(Self.text(wrong)) for \(param.name): the parameter is not read")
        } catch {
          XCTAssertEqual(error.code, -32602, "\(spec.name).\(param.name)")
          XCTAssertTrue(
            Self.text(error.data ?? .null).contains("\\\"\(param.name)\\\""),
            "\(spec.name): the error names \(param.name): \(Self.text(error.data ?? .null))")
        }
        checked += 1
        if param.required {
          do {
            _ = try build(try Params(params(spec, replacing: param.name, with: nil), allowed: names), context)
            XCTFail("\(spec.name) ran without its required \(param.name)")
          } catch {
            XCTAssertEqual(error.code, -32602, "\(spec.name) without \(param.name)")
          }
        }
      }
    }
    XCTAssertGreaterThan(checked, 15)
  }

  func testAReaderOfAnUndeclaredParameterIsAnInternalErrorNamingIt() throws {
    let p = try Params(.object(["declared": .string("x")]), allowed: ["declared"])
    XCTAssertEqual(try p.string("declared"), "x")
    XCTAssertThrowsError(try p.optionalString("undeclared")) { error in
      XCTAssertEqual((error as? RPCError)?.code, -32603)
      XCTAssertTrue(Self.text((error as? RPCError)?.data ?? .null).contains("undeclared"))
    }
  }

  func testEveryReadAndLifecycleMethodReadsItsDeclaredParametersAndAnswersItsDeclaredResult() throws {
    // On a test clock, so the test methods exist too.
    let server = try InProcessServer(testClock: ManualClock())
    var components: [String: JSONValue] = [:]
    if case .object(let c)? = OpenRPCDocument.build(serverVersion: "x")["components"]?["schemas"] {
      components = c
    }
    let validator = SchemaValidator(components: components)
    server.call(Requests.Initialize())
    server.call(Requests.AuthSetEmail(value: "a@b.co"))
    for spec in MethodCatalog.all {
      // `attach/role` is the attach point's, before `initialize`: AttachTests checks its
      // parameter and its result there.
      guard case .builtin(let builtin) = spec.route, builtin != .shutdown, builtin != .initialize,
        builtin != .attachRole
      else {
        continue
      }
      for param in spec.params {
        guard let wrong = Self.wrong(param) else { continue }
        let error = server.error(spec.name, Self.text(params(spec, replacing: param.name, with: wrong)))
        XCTAssertEqual(error["code"], .number(-32602), "\(spec.name).\(param.name): \(error)")
        XCTAssertTrue(
          Self.text(error["data"] ?? .null).contains("\\\"\(param.name)\\\""), "\(spec.name): \(error)")
      }
      let result = server.call(spec.name, Self.text(params(spec)))
      XCTAssertNil(validator.check(result, against: spec.result), "\(spec.name): \(Self.text(result))")
    }
    // Every action's answer matches the declared result too.
    for spec in MethodCatalog.all {
      guard case .action = spec.route else { continue }
      let (_, answer) = server.response(to: server.request(spec.name, Self.text(params(spec))))
      guard let result = answer["result"] else { continue }  // refused in this state: checked elsewhere
      XCTAssertNil(validator.check(result, against: spec.result), "\(spec.name): \(Self.text(result))")
    }
    XCTAssertEqual(server.call(Requests.Shutdown()), .null)
  }
}
