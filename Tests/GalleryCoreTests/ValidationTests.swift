import XCTest

@testable import GalleryCore

final class ValidationTests: XCTestCase {
  /// The byte path for ASCII must answer exactly as the Character path does.
  func testEmailOnBytesAgreesWithCharactersOnEveryMixOfTheTrickyBytes() {
    let alphabet: [String] = ["a", "@", ".", " ", "\t", "\r", "\n", "\r\n", "b"]
    var cases = [
      String(repeating: "a", count: 250) + "@b.co", String(repeating: "\r\n", count: 200) + "a@b.c",
    ]
    // Every string of up to five pieces from the alphabet (66,430 of them).
    var layer = [""]
    for _ in 1...5 {
      layer = layer.flatMap { prefix in alphabet.map { prefix + $0 } }
      cases += layer
    }
    cases.append("")
    for text in cases {
      XCTAssertEqual(
        FieldValidation.email(text), FieldValidation.emailByCharacters(text), String(reflecting: text))
    }
  }

  func testEmailPolicy() {
    XCTAssertNil(FieldValidation.email("test@mail.com"))
    XCTAssertNil(FieldValidation.email("  test@mail.com \n"), "trimmed")
    XCTAssertNil(FieldValidation.email("a.b+c@sub.example.org"))
    XCTAssertEqual(FieldValidation.email(""), "email.required")
    XCTAssertEqual(FieldValidation.email("   "), "email.required")
    for bad in [
      "test", "@mail.com", "test@", "test@mail", "a@b@c.com", "te st@mail.com", "a@.com", "a@com.",
      "a@b..com",
    ] {
      XCTAssertEqual(FieldValidation.email(bad), "email.invalid", bad)
    }
    let long = String(repeating: "a", count: 245) + "@mail.com"
    XCTAssertEqual(long.count, 254)
    XCTAssertNil(FieldValidation.email(long))
    XCTAssertEqual(FieldValidation.email("a" + long), "email.tooLong")
  }

  func testPasswordPolicy() {
    XCTAssertEqual(FieldValidation.password(length: 0), "password.required")
    XCTAssertEqual(FieldValidation.password(length: 5), "password.tooShort")
    XCTAssertNil(FieldValidation.password(length: 6))
    XCTAssertNil(FieldValidation.password(length: 128))
    XCTAssertEqual(FieldValidation.password(length: 129), "password.tooLong")
  }

  func testAgePolicyTellsNotANumberFromOutOfRange() {
    XCTAssertNil(FieldValidation.age("13"))
    XCTAssertNil(FieldValidation.age(" 120 "))
    XCTAssertEqual(FieldValidation.age(""), "age.required")
    for bad in ["abc", "12.5", "1e2", "٣٠", "12a", "-", "+", "--5", "- 5"] {
      XCTAssertEqual(FieldValidation.age(bad), "age.notANumber", bad)
    }
    // Issue 29, item 11: a signed number is a number, out of range when negative.
    XCTAssertNil(FieldValidation.age("+18"))
    for bad in ["12", "121", "0", "99999999999999999999999", "-5", "-20", "-0"] {
      XCTAssertEqual(FieldValidation.age(bad), "age.outOfRange", bad)
    }
  }

  func testEveryMessageCodeUsedHasText() {
    let codes = [
      "email.required", "email.invalid", "email.tooLong", "password.required", "password.tooShort",
      "password.tooLong",
      "age.required", "age.notANumber", "age.outOfRange", "auth.interrupted", "request.offline",
      "request.timeout",
    ]
    for code in codes { XCTAssertNotEqual(MessageCatalog.text(code), code, code) }
  }

  func testFailureMessagesPerStatus() {
    func code(_ f: RequestFailure) -> String { f.message.code }
    XCTAssertEqual(code(RequestFailure(kind: .http, status: 400)), "request.badRequest")
    XCTAssertEqual(code(RequestFailure(kind: .http, status: 401)), "request.unauthorized")
    XCTAssertEqual(code(RequestFailure(kind: .http, status: 403)), "request.unauthorized")
    XCTAssertEqual(code(RequestFailure(kind: .http, status: 404)), "request.notFound")
    XCTAssertEqual(
      RequestFailure(kind: .http, status: 429, retryAfterSeconds: 30).message.message,
      "Too many requests. Try again in 30 seconds.")
    XCTAssertEqual(code(RequestFailure(kind: .http, status: 503)), "request.serverError")
    XCTAssertEqual(code(RequestFailure(kind: .offline)), "request.unreachable")
    XCTAssertEqual(code(RequestFailure(kind: .timeout)), "request.timeout")
    XCTAssertEqual(code(RequestFailure(kind: .malformed)), "request.malformed")
    XCTAssertEqual(
      RequestFailure(kind: .rejected, serverMessage: "user not found").message.message,
      "The server refused the request: “user not found”")
    XCTAssertEqual(RequestFailure(kind: .rejected).message.retryable, false)
    XCTAssertEqual(RequestFailure(kind: .offline).message.retryable, true)
  }

  func testEndpointKeepsTheBasePathPrefix() {
    XCTAssertEqual(
      Endpoint.url(base: "http://127.0.0.1:8080/reqres/", path: "/api/login")?.absoluteString,
      "http://127.0.0.1:8080/reqres/api/login")
    XCTAssertEqual(
      Endpoint.url(base: "https://pixabay.com", path: "/api/", query: [("q", "red fox"), ("page", "2")])?
        .absoluteString,
      "https://pixabay.com/api/?q=red%20fox&page=2")
    // Issue 29, item 6: a + the user typed is not a space at the provider.
    XCTAssertEqual(
      Endpoint.url(base: "https://pixabay.com", path: "/api/", query: [("q", "c++ & go=1?")])?.absoluteString,
      "https://pixabay.com/api/?q=c%2B%2B%20%26%20go%3D1%3F")
    XCTAssertNil(Endpoint.url(base: "file:///etc", path: "/passwd"))
    XCTAssertNil(Endpoint.url(base: "not a url", path: "/x"))
  }
}
