import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import RPCServer
import XCTest

/// `video/playRandom` and `settings/update` over stdio on the demo providers.
final class VideoSettingsRPCTests: XCTestCase {
  func testSettingsRefuseNamingTheFieldSwitchLanguageAndTheVideoPicks() throws {
    let p = try RPCProcess(environment: ["LC_ALL": "es_ES.UTF-8"])
    _ = p.initialize()
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/settings/language"))["value"], .string("es"))
    p.call(Requests.AuthSetEmail(value: "x"))
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/login/email/error/message"))["value"],
      .string("Escribe un correo válido, como nombre@ejemplo.com."))

    let refused = p.error(Requests.SettingsUpdate(appearance: .dark, pageSize: 1000))
    XCTAssertEqual(refused["code"], .number(-32010))
    XCTAssertEqual(refused["data"]?["code"], .string("settings.invalid"))
    XCTAssertEqual(
      refused["data"]?["message"], .string("Tamaño de página debe estar entre 3 y 200."),
      "refused in the user's language")
    XCTAssertEqual(refused["data"]?["args"]?["field"], .string("pageSize"))
    XCTAssertEqual(p.call(Requests.StateGet(pointer: "/settings/appearance"))["value"], .string("system"))
    XCTAssertEqual(p.error("settings/update", #"{"environments":{"uat":"x"}}"#)["code"], .number(-32602))

    let (notes, _) = p.response(to: p.request(Requests.SettingsUpdate(appearance: .dark, language: .en)))
    let patch = notes.first { $0["method"] == .string("state/changed") }?["params"]?["patch"]?.array ?? []
    XCTAssertTrue(
      patch.contains {
        $0["path"] == .string("/login/email/error/message")
          && $0["value"] == .string("Enter a valid email address, like name@example.com.")
      }, "the message already shown is re-rendered in the patch")

    XCTAssertEqual(
      p.error("video/playRandom", #"{"quality":"8k"}"#)["data"]?["code"], .string("video.badQuality"))
    p.call(Requests.VideoPlayRandom(width: 640, height: 360, quality: .sd))
    p.call(Requests.Shutdown())  // waits for the pick to be recorded
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    let state = try Replay.state(ofLogAt: p.dataDirectory.path + "/events.jsonl")
    XCTAssertEqual(state.video.status, .ready)
    XCTAssertEqual(state.video.file?.width, 640)
    XCTAssertEqual(state.settings.appearance, .dark)
  }
}
