import Foundation
import GalleryTesting
import XCTest

@testable import GalleryCore

/// Issue 18 item 6: the demo backend keeps registrations in the data directory (a salted
/// hash, never the password), so a restart does not forget them; the age the form collects
/// is sent with the registration.
final class RegistrationPersistenceTests: XCTestCase {
  func testPBKDF2MatchesTheRFCVector() {
    // RFC 7914 §11: PBKDF2-HMAC-SHA256, P "passwd", S "salt", c 1; the first 32 bytes.
    XCTAssertEqual(
      PasswordHash.hex(PasswordHash.derive(Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1)),
      "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
    // And its many-round one: P "Password", S "NaCl", c 80,000.
    XCTAssertEqual(
      PasswordHash.hex(
        PasswordHash.derive(Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000)),
      "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56")
    let hash = PasswordHash(password: "abcdef", iterations: 100)
    XCTAssertTrue(hash.matches("abcdef"))
    XCTAssertFalse(hash.matches("abcdeg"))
    XCTAssertNotEqual(
      PasswordHash(password: "abcdef", iterations: 100).salt, hash.salt, "a fresh salt each time")
  }

  func testARegistrationSurvivesARestartAndTheFileHoldsNoPassword() async throws {
    let dir = TemporaryDirectory()
    let file = dir.path + "/demo-accounts.json"
    func open() throws -> (Store, DemoAuthBackend) {
      let backend = DemoAuthBackend(file: file)
      let store = try Store(
        dataDirectory: dir.path, environment: GalleryEnvironment(auth: backend),
        options: .init(durability: .none))
      return (store, backend)
    }
    do {
      let (store, backend) = try open()
      try store.send(.auth(.openRegistration))
      try store.send(.auth(.setEmail(.registration, "New@Mail.com")))
      try store.send(.auth(.setPassword(.registration, Secret("s3cret-pass"))))
      try store.send(.auth(.setAge(" 30 ")))
      try store.send(.auth(.submit(.registration)))
      store.waitUntilIdle()
      XCTAssertEqual(store.state.session.status, .signedIn)
      let age = await backend.age(of: "new@mail.com")
      XCTAssertEqual(age, 30, "the age the form collected went to the backend")
      try store.send(.auth(.logout))
      try store.close()
    }
    let text = try String(contentsOfFile: file, encoding: .utf8)
    XCTAssertFalse(text.contains("s3cret-pass"), "never the password")
    XCTAssertTrue(text.contains("\"salt\"") && text.contains("\"hash\""))
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
    XCTAssertEqual(mode?.intValue, 0o600)

    let (store, _) = try open()
    try store.send(.auth(.setEmail(.login, "new@mail.com")))
    try store.send(.auth(.setPassword(.login, Secret("wrong-pass"))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.login.error?.code, "auth.wrongCredentials")
    try store.send(.auth(.setPassword(.login, Secret("s3cret-pass"))))
    try store.send(.auth(.submit(.login)))
    store.waitUntilIdle()
    XCTAssertEqual(store.state.session.status, .signedIn, "the new process knows the account")
    let again = await DemoAuthBackend(file: file).register(
      email: "NEW@mail.com", password: Secret("x"), age: nil)
    XCTAssertEqual(try? again.get(), nil)
    if case .failure(let failure) = again { XCTAssertEqual(failure.reason, "auth.emailTaken") }
  }
}
