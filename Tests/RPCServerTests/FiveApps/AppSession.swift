import Foundation
import GalleryClient
import GalleryCore
import XCTest

/// A frontend's session over JSON-RPC on a test clock: what an app built on `protocol/` alone
/// does (initialize with its shape, call methods, read the state, wait with `test/settle`).
final class AppSession {
  let server: InProcessServer
  let farm: ProviderFarm

  /// Starts a core with the farm's providers (`feed`: "pixabay" or "pexels") and initializes
  /// it with `options` (the app's `initializationOptions`, JSON; nil: the defaults).
  init(feed: String = "pixabay", options: String? = nil) throws {
    farm = try ProviderFarm()
    server = try InProcessServer(environment: farm.environment(feed: feed), testClock: ManualClock())
    let params = options.map { #"{"initializationOptions":\#($0)}"# } ?? "{}"
    let answer = server.call("initialize", params)
    XCTAssertEqual(answer["capabilities"]?["testClock"], .bool(true))
    settle()
  }

  /// The value at `pointer` (RFC 6901).
  func get(_ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue {
    server.call(Requests.StateGet(pointer: pointer), file: file, line: line)["value"] ?? .null
  }

  /// The string at `pointer`.
  func text(_ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
    get(pointer, file: file, line: line).string
  }

  /// The number of elements of the array at `pointer`.
  func count(_ pointer: String, file: StaticString = #filePath, line: UInt = #line) -> Int {
    get(pointer, file: file, line: line).array?.count ?? -1
  }

  /// The screens of `/route`, bottom first.
  var screens: [String] { self.get("/route").array?.compactMap { $0["screen"]?.string } ?? [] }

  /// Calls a method through the typed client's request (the result; an error fails the test).
  @discardableResult
  func call<Request: GalleryRequest>(_ request: Request, file: StaticString = #filePath, line: UInt = #line)
    -> JSONValue
  {
    server.call(request, file: file, line: line)
  }

  /// The error data of a refused call.
  func refusal<Request: GalleryRequest>(
    _ request: Request, file: StaticString = #filePath, line: UInt = #line
  ) -> JSONValue {
    server.error(request, file: file, line: line)["data"] ?? .null
  }

  /// Waits until every provider answer in flight is recorded (`test/settle`).
  func settle(file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(
      server.call(Requests.TestSettle(), file: file, line: line)["settled"], .bool(true), file: file,
      line: line)
  }

  /// Moves the test clock (timers due fire) and waits for what they started.
  func advance(_ milliseconds: Int, file: StaticString = #filePath, line: UInt = #line) {
    server.call(Requests.TestAdvanceClock(milliseconds: milliseconds), file: file, line: line)
  }

  /// The keys of the feed's items.
  var feedKeys: [String] { self.get("/feed/items").array?.compactMap { $0["key"]?.string } ?? [] }
}
