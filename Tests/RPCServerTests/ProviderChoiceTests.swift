import GalleryCore
import XCTest

@testable import RPCServer

/// Issue 30: each feature declares its provider choice once (`ProviderChoices`), and the
/// start-up flags, the configuration's warnings and secrets, `settings/update`'s parameters
/// and the published settings schema are what those declarations say.
final class ProviderChoiceTests: XCTestCase {
  func testEveryOptionOfEveryAreaIsAFlagThatServesIt() throws {
    XCTAssertEqual(ProviderChoices.all.map(\.area), ["auth", "feed", "albums", "account", "video"])
    for choice in ProviderChoices.all {
      for name in choice.names {
        let config = try ServerConfiguration.parse([choice.flag, name], environment: ["HOME": "/tmp"])
        XCTAssertEqual(config.provider(choice.area), name)
        let viaVariable = try ServerConfiguration.parse(
          [], environment: [choice.variable: name, "HOME": "/tmp"])
        XCTAssertEqual(viaVariable.provider(choice.area), name, choice.variable)
        if choice.atRunTime {
          XCTAssertEqual(
            config.environment().providerSettings[choice.area], name, "\(choice.flag) \(name) serves")
        }
      }
      XCTAssertThrowsError(try ServerConfiguration.parse([choice.flag, "nobody"], environment: [:])) {
        error in
        XCTAssertEqual(
          "\(error)", "\(choice.flag) must be one of \(choice.names.joined(separator: ", ")) (got \"nobody\")"
        )
      }
    }
  }

  func testSettingsUpdateAndTheSchemaOfferExactlyTheRunTimeChoices() throws {
    let update = try XCTUnwrap(MethodCatalog.byName["settings/update"]?.spec)
    let providerParams = update.params.filter { $0.name.hasSuffix("Provider") }
    XCTAssertEqual(providerParams.map(\.name), ProviderChoices.atRunTime.map { $0.area + "Provider" })
    for (param, choice) in zip(providerParams, ProviderChoices.atRunTime) {
      XCTAssertEqual(param.schema, Schema.enumeration(choice.names))
      XCTAssertEqual(param.summary, choice.summary)
    }
    guard case .object(let settings)? = ComponentSchemas.all["Settings"],
      case .object(let properties)? = settings["properties"],
      properties["providers"] == Schema.ref("ProviderSettings"),
      case .object(let providers)? = ComponentSchemas.all["ProviderSettings"],
      case .object(let members)? = providers["properties"]
    else { return XCTFail("no Settings.providers schema") }
    for choice in ProviderChoices.atRunTime {
      XCTAssertEqual(members[choice.area], Schema.enumeration(choice.names), choice.area)
    }
    XCTAssertNil(members["auth"], "sign-in is chosen at start-up only")
  }

  func testWarningsAndSecretsFollowTheDeclaredKeys() throws {
    let bare = try ServerConfiguration.parse(
      ["--feed", "pexels", "--account", "imgur", "--video", "pexels"], environment: [:])
    XCTAssertEqual(
      bare.warnings,
      [
        "--feed pexels without PEXELS_API_KEY: loads will fail",
        "--account imgur without IMGUR_CLIENT_ID: sign-in is refused with config.missingKey",
        "--account imgur without IMGUR_CLIENT_SECRET: expired tokens cannot be refreshed",
        "--video pexels without PEXELS_API_KEY: picks will fail",
      ])
    let keyed = try ServerConfiguration.parse(
      ["--feed", "pexels", "--account", "imgur"],
      environment: [
        "PEXELS_API_KEY": "pk", "IMGUR_CLIENT_ID": "public-id", "IMGUR_CLIENT_SECRET": "cs",
        "REQRES_API_KEY": ReqresAuthBackend.defaultAPIKey, "PEXELS_BASE_URL": "http://127.0.0.1:9",
      ])
    XCTAssertEqual(keyed.warnings, [])
    XCTAssertEqual(
      Set(keyed.secrets), ["pk", "cs"], "the client id is public; reqres's public key is no secret")
    XCTAssertEqual(keyed.baseURLs, ["pexels": "http://127.0.0.1:9"])
    XCTAssertThrowsError(try ServerConfiguration.parse([], environment: ["IMGUR_BASE_URL": "file:///etc"])) {
      XCTAssertEqual("\($0)", "IMGUR_BASE_URL must be an http(s) URL")
    }
  }

  func testProviderSettingsKeepTheirEncodedShape() throws {
    var settings = ProviderSettings()
    settings["video"] = "pexels"
    let encoded = try JSONValueEncoder().encode(settings)
    XCTAssertEqual(
      encoded,
      .object([
        "feed": .string("demo"), "albums": .string("demo"), "account": .string("demo"),
        "video": .string("pexels"),
        "environment": .string("production"), "environments": .object([:]), "chosen": .bool(false),
      ]))
    let decoded = try JSONValueDecoder().decode(ProviderSettings.self, from: encoded)
    XCTAssertEqual(decoded, settings)
    XCTAssertEqual(decoded["video"], "pexels")
  }
}
