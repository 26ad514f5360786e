import Foundation
import GalleryCore
import GalleryTesting
import XCTest

/// The reqres backend over real HTTP against a fake server on 127.0.0.1 that answers in
/// reqres's formats (the bodies below are this project's own, in those shapes).
final class ReqresBackendTests: XCTestCase {
  /// A fake reqres: eve.holt@reqres.in / cityslicka signs in; registration only for defined users.
  static func fakeReqres() throws -> FakeHTTPServer {
    try FakeHTTPServer { request in
      guard request.headers["x-api-key"] == "test-key" else {
        return .json(#"{"error":"Missing API key"}"#, status: 401)
      }
      let body = ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:])
        .compactMapValues { $0 as? String }
      switch (request.method, request.path) {
      case ("POST", "/prefix/api/login"):
        guard let email = body["email"], !email.isEmpty else {
          return .json(#"{"error":"Missing email or username"}"#, status: 400)
        }
        guard let password = body["password"], !password.isEmpty else {
          return .json(#"{"error":"Missing password"}"#, status: 400)
        }
        guard email == "eve.holt@reqres.in" else { return .json(#"{"error":"user not found"}"#, status: 400) }
        return .json(#"{"token":"QpwL5tke4Pnpja7X4-test"}"#)
      case ("POST", "/prefix/api/register"):
        guard body["email"] == "eve.holt@reqres.in" else {
          return .json(#"{"error":"Note: Only defined users succeed registration"}"#, status: 400)
        }
        return .json(#"{"id":4,"token":"QpwL5tke4Pnpja7X4-test"}"#)
      case ("POST", "/broken/api/login"):
        return .json("{not json", status: 200)
      default:
        return .json("{}", status: 404)
      }
    }
  }

  func backend(_ server: FakeHTTPServer, key: String = "test-key") -> ReqresAuthBackend {
    ReqresAuthBackend(
      baseURL: server.baseURL + "/prefix", apiKey: key, http: DefaultHTTPClient.make(), timeout: 5)
  }

  func testSignInSendsJSONWithTheKeyAndStoresTheTokenOwnerOnly() throws {
    let server = try Self.fakeReqres()
    let dir = TemporaryDirectory()
    let store = try Store(
      dataDirectory: dir.path, environment: GalleryEnvironment(auth: backend(server)),
      options: .init(durability: .none))
    try store.send(.auth(.setEmail(.login, "eve.holt@reqres.in")))
    try store.send(.auth(.setPassword(.login, Secret("cityslicka"))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.session, Session(status: .signedIn, email: "eve.holt@reqres.in"))

    let request = try XCTUnwrap(server.requests.last)
    XCTAssertEqual(request.method, "POST")
    XCTAssertEqual(request.path, "/prefix/api/login", "the base URL's path prefix is kept")
    XCTAssertEqual(request.headers["content-type"], "application/json")
    XCTAssertEqual(
      try JSONSerialization.jsonObject(with: request.body) as? [String: String],
      ["email": "eve.holt@reqres.in", "password": "cityslicka"])

    let path = dir.path + "/credentials.json"
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    XCTAssertEqual(store.credentials.read().signIn?.token, "QpwL5tke4Pnpja7X4-test")
  }

  func testBackendMessagesAndHTTPFailuresReachTheState() async throws {
    let server = try Self.fakeReqres()
    let reqres = backend(server)
    let unknown = await reqres.signIn(email: "nobody@reqres.in", password: Secret("x"))
    XCTAssertEqual(
      unknown, .failure(RequestFailure(kind: .rejected, status: 400, serverMessage: "user not found")))
    let undefined = await reqres.register(email: "new@mail.com", password: Secret("abcdef"), age: nil)
    XCTAssertEqual(
      undefined,
      .failure(
        RequestFailure(
          kind: .rejected, status: 400, serverMessage: "Note: Only defined users succeed registration")))
    let registered = await reqres.register(email: "eve.holt@reqres.in", password: Secret("pistol"), age: 30)
    XCTAssertEqual(registered, .success(AuthGrant(token: Secret("QpwL5tke4Pnpja7X4-test"))))
    let sent = try XCTUnwrap(server.requests.last { $0.path.hasSuffix("/api/register") })
    XCTAssertEqual(
      try JSONSerialization.jsonObject(with: sent.body) as? NSDictionary,
      ["email": "eve.holt@reqres.in", "password": "pistol", "age": 30], "the age the form collected is sent")

    let noKey = await backend(server, key: "wrong").signIn(email: "eve.holt@reqres.in", password: Secret("x"))
    XCTAssertEqual(
      noKey, .failure(RequestFailure(kind: .http, status: 401, serverMessage: "Missing API key")))

    var broken = reqres
    broken.baseURL = server.baseURL + "/broken"
    let malformed = await broken.signIn(email: "a@b.co", password: Secret("x"))
    guard case .failure(let garbled) = malformed else { return XCTFail("expected a failure") }
    XCTAssertEqual(garbled.kind, .malformed)

    server.stop()
    let offline = await reqres.signIn(email: "eve.holt@reqres.in", password: Secret("cityslicka"))
    guard case .failure(let failure) = offline else { return XCTFail("expected a failure") }
    XCTAssertEqual(failure.kind, .offline)
    XCTAssertEqual(failure.message.code, "request.unreachable")
  }

  func testHTTPStatusMapping() {
    let limited = HTTPStatus.failure(
      for: HTTPResponse(status: 429, headers: ["retry-after": "12"], body: Data()))
    XCTAssertEqual(limited.retryAfterSeconds, 12)
    let reset = HTTPStatus.failure(
      for: HTTPResponse(status: 429, headers: ["x-ratelimit-reset": "40"], body: Data()))
    XCTAssertEqual(reset.retryAfterSeconds, 40)
    let text = HTTPStatus.failure(
      for: HTTPResponse(status: 400, body: Data("[ERROR 400] \"page\" is out of valid range.".utf8)))
    XCTAssertEqual(text.serverMessage, "[ERROR 400] \"page\" is out of valid range.")
    let html = HTTPStatus.failure(for: HTTPResponse(status: 502, body: Data("<html>bad gateway</html>".utf8)))
    XCTAssertNil(html.serverMessage)
    XCTAssertEqual(html.message.code, "request.serverError")
  }
}
