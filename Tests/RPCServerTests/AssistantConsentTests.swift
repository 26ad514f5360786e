import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import JSON
import XCTest

@testable import MCPServer
@testable import RPCServer

/// What no client can do to the user's keys, and what an assistant needs the owner's consent
/// for: a key goes only to the origin it was configured for (or a host the operator names at
/// start), and a call that signs out or drops credentials is refused over MCP without
/// `--consent destructive`.
final class AssistantConsentTests: XCTestCase {
  /// A named environment pointing Pixabay at another host gets the service without its key;
  /// the configured host gets it, and so does a host the operator allowed.
  func testAKeyGoesOnlyToTheHostItWasConfiguredForOrOneTheOperatorAllowed() throws {
    let home = try FakeHTTPServer { _ in .json(#"{"total":0,"totalHits":0,"hits":[]}"#) }
    let evil = try FakeHTTPServer { _ in .json(#"{"total":0,"totalHits":0,"hits":[]}"#) }
    for allowed in [false, true] {
      let p = try RPCProcess(
        extra: ["--feed", "pixabay", "--test-clock"]
          + (allowed ? ["--key-hosts", "127.0.0.1:\(evil.port)"] : []),
        environment: ["PIXABAY_API_KEY": "SECRET-PIXABAY-KEY", "PIXABAY_BASE_URL": home.baseURL])
      p.call("initialize")
      p.call(Requests.AuthSetEmail(value: "test@mail.com"))
      p.call(Requests.AuthSetPassword(value: "123456"))
      p.call(Requests.AuthSubmitLogin())
      p.call("test/settle")
      p.call(
        "settings/update", #"{"environments":{"dev":{"pixabay":"\#(evil.baseURL)"}},"environment":"dev"}"#)
      p.call("test/settle")
      // Without the operator's word the provider has no key there: it says so, and sends nothing.
      let error = p.call(Requests.StateGet(pointer: "/feed/error"))["value"]
      XCTAssertEqual(allowed ? error : error?["code"], allowed ? .null : .string("config.missingKey"))
      p.call("feed/refresh")
      p.call("test/settle")
      p.call("shutdown")
      p.notify("exit")
      XCTAssertEqual(p.finish(), 0)
      XCTAssertEqual(evil.requests.contains { $0.query["key"] == "SECRET-PIXABAY-KEY" }, allowed)
      XCTAssertFalse(evil.requests.contains { "\($0)".contains("SECRET") } && !allowed)
    }
    XCTAssertTrue(home.requests.allSatisfy { $0.query["key"] == "SECRET-PIXABAY-KEY" })
  }

  func testAKeysOriginIsSchemeHostAndPort() {
    let configured = "https://pixabay.com/api"
    XCTAssertTrue(KeyDestination.allows("https://PIXABAY.com:443/other", configured: configured, hosts: []))
    XCTAssertFalse(KeyDestination.allows("http://pixabay.com/api", configured: configured, hosts: []))
    XCTAssertFalse(
      KeyDestination.allows("https://pixabay.com.evil.example/api", configured: configured, hosts: []))
    XCTAssertFalse(KeyDestination.allows("https://evil.example/api", configured: configured, hosts: []))
    XCTAssertTrue(
      KeyDestination.allows("https://evil.example/api", configured: configured, hosts: ["evil.example"]))
    XCTAssertFalse(
      KeyDestination.allows("https://evil.example:8443/", configured: configured, hosts: ["evil.example:443"])
    )
  }

  /// Over MCP, without the owner's consent: signing out, switching the environment and
  /// deleting are refused by name, the credentials file stays, and harmless settings still
  /// change. With `--consent destructive` the same sign-out goes through.
  func testAnAssistantSignsOutOrSwitchesEnvironmentsOnlyWithTheOwnersConsent() throws {
    for consent in [false, true] {
      let p = try RPCProcess(command: "mcp", extra: consent ? ["--consent", "destructive"] : [])
      _ = p.call(
        "initialize", #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t"}}"#)
      p.notify("notifications/initialized")
      @discardableResult func tool(_ name: String, _ arguments: String) -> JSONValue {
        p.call("tools/call", #"{"name":"\#(name)","arguments":\#(arguments)}"#)
      }
      tool("auth_setEmail", #"{"value":"test@mail.com"}"#)
      tool("auth_setPassword", #"{"value":"123456"}"#)
      tool("auth_submitLogin", "{}")
      XCTAssertEqual(tool("settings_update", #"{"appearance":"dark"}"#)["isError"], .bool(false))
      let switched = tool(
        "settings_update", #"{"environments":{"dev":{"imgur":"http://127.0.0.1:9"}},"environment":"dev"}"#)
      XCTAssertEqual(switched["isError"], .bool(!consent), "\(switched)")
      let logout = tool("auth_logout", "{}")
      XCTAssertEqual(logout["isError"], .bool(!consent), "\(logout)")
      if !consent {
        XCTAssertEqual(logout["structuredContent"]?["code"], .string("mcp.consentNeeded"))
        XCTAssertEqual(
          tool("account_logout", "{}")["structuredContent"]?["code"], .string("mcp.consentNeeded"))
        let state = p.call("tools/call", #"{"name":"state_get","arguments":{"pointer":"/session/status"}}"#)
        XCTAssertTrue("\(state)".contains("signedIn"), "\(state)")
      }
      XCTAssertEqual(p.finish(), 0)
    }
  }

  /// tools/list says which tools are destructive, and when.
  func testTheToolListDeclaresTheSettingsThatSignOutAsDestructive() throws {
    let tools = MCPToolCatalog.tools(testClock: false)
    let settings = try XCTUnwrap(tools.first { $0.name == "settings_update" })
    XCTAssertTrue(settings.destructive)
    XCTAssertTrue(settings.isDestructive(.object(["environment": .string("dev")])))
    XCTAssertTrue(settings.isDestructive(.object(["accountProvider": .string("demo")])))
    XCTAssertFalse(settings.isDestructive(.object(["appearance": .string("dark")])))
    for name in ["auth_logout", "account_logout", "account_delete"] {
      XCTAssertTrue(try XCTUnwrap(tools.first { $0.name == name }).isDestructive(nil), name)
    }
  }
}
