import EventStore
import Foundation
import GalleryTesting
import XCTest

@testable import GalleryCore

/// Issue 28, item 5: the files the core keeps beside its log are never read as empty and then
/// overwritten. A damaged one is kept aside and reported; one that cannot be read is left
/// alone and writes over it are refused.
final class KeptFilesTests: XCTestCase {
  /// Collects what a file's owner reports.
  final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func add(_ line: String) {
      lock.lock()
      lines.append(line)
      lock.unlock()
    }
    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return lines
    }
  }

  func asideFiles(_ dir: TemporaryDirectory, _ name: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(name + ".damaged-") }
  }

  func register(_ backend: DemoAuthBackend, _ email: String) async -> Result<AuthGrant, RequestFailure> {
    await backend.register(email: email, password: Secret("pass-\(email)"), age: 30)
  }

  func testADamagedAccountsFileIsKeptAsideReportedAndNeverOverwritten() async throws {
    for damage in ["one bad byte", "truncated"] {
      let dir = TemporaryDirectory()
      let file = dir.path + "/demo-accounts.json"
      let first = DemoAuthBackend(file: file)
      for n in 0..<3 { _ = try await register(first, "user\(n)@mail.com").get() }
      var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
      if damage == "truncated" { bytes.removeLast(bytes.count / 2) } else { bytes[bytes.count / 2] = 0x01 }
      try Data(bytes).write(to: URL(fileURLWithPath: file))

      let reports = Reports()
      let second = DemoAuthBackend(file: file, report: { reports.add($0) })
      XCTAssertEqual(reports.all.count, 1, damage)
      XCTAssertTrue(reports.all.first?.contains("is damaged") == true, "\(damage): \(reports.all)")
      let aside = try asideFiles(dir, "demo-accounts.json")
      guard aside.count == 1 else { return XCTFail("\(damage): kept aside once, found \(aside)") }
      _ = try await register(second, "late@mail.com").get()
      XCTAssertEqual(
        Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/" + aside[0]))), bytes,
        "\(damage): the damaged accounts are kept byte for byte")
      let third = DemoAuthBackend(file: file)
      let age = await third.age(of: "late@mail.com")
      XCTAssertEqual(age, 30, "\(damage): the new file holds the new account")
    }
  }

  func testAnAccountsFileThatCannotBeReadRefusesRegistrationsAndIsLeftAlone() async throws {
    let dir = TemporaryDirectory()
    let file = dir.path + "/demo-accounts.json"
    // A directory where the file should be: unreadable as a file for any user, root included.
    try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
    let reports = Reports()
    let backend = DemoAuthBackend(file: file, report: { reports.add($0) })
    XCTAssertTrue(reports.all.first?.contains("cannot read") == true, "\(reports.all)")
    guard case .failure(let failure) = await register(backend, "new@mail.com") else {
      return XCTFail("a registration into an unreadable file must be refused")
    }
    XCTAssertTrue(failure.detail?.contains("cannot be read") == true, "\(failure)")
    // Shown as what it is (a local failure), in the user's language, not as a bad answer.
    XCTAssertEqual(failure.message(in: .en).code, "request.notKept")
    XCTAssertTrue(failure.message(in: .es).message.contains("dispositivo"))
    var isDirectory: ObjCBool = false
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && isDirectory.boolValue)
    let demo = await backend.signIn(email: "test@mail.com", password: Secret("123456"))
    XCTAssertNoThrow(try demo.get(), "the demo account still signs in")
  }

  func testADamagedCredentialsFileIsKeptAsideWithoutQuotingItsBytes() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/credentials.json"
    let original = Array(#"{"signIn":{"email":"a@b.c","token":"tok-SECRET-123"},"account":{"provi"#.utf8)
    try Data(original).write(to: URL(fileURLWithPath: path))
    let reports = Reports()
    let credentials = CredentialsFile(path: path, report: { reports.add($0) })
    XCTAssertEqual(credentials.read(), CredentialsFile.Contents())
    XCTAssertEqual(reports.all.count, 1)
    XCTAssertFalse(reports.all.joined().contains("SECRET"), "a report never quotes a token")
    let aside = try asideFiles(dir, "credentials.json")
    XCTAssertEqual(aside.count, 1)
    XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: dir.path + "/" + aside[0]))), original)
    try credentials.update { $0.signIn = .init(email: "x@y.z", token: "new-token") }
    XCTAssertEqual(credentials.read().signIn?.token, "new-token")

    let blocked = dir.path + "/blocked.json"
    try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
    XCTAssertThrowsError(
      try CredentialsFile(path: blocked).update { $0.signIn = .init(email: "e", token: "t") }
    ) {
      XCTAssertTrue("\($0)".contains("no token was written over it"), "\($0)")
    }
  }

  /// Each feature keeps its own section: one that no longer decodes makes the whole file
  /// damaged (kept aside, its tokens never quoted), and a section no feature of this build
  /// declares (a later build's) is kept through an update.
  func testACredentialsSectionThatDoesNotDecodeIsDamageAndAnUnknownSectionIsKept() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/credentials.json"
    let original = Array(
      #"{"account":{"provider":"imgur","accessToken":"acc-SECRET"},"signIn":{"email":"a@b.c","token":"t"}}"#
        .utf8)
    try Data(original).write(to: URL(fileURLWithPath: path))
    let reports = Reports()
    let credentials = CredentialsFile(path: path, report: { reports.add($0) })
    XCTAssertNil(credentials.read().signIn, "a damaged file is read as empty, never half")
    XCTAssertEqual(reports.all.count, 1)
    XCTAssertFalse(reports.all.joined().contains("SECRET"), "\(reports.all)")
    XCTAssertEqual(try asideFiles(dir, "credentials.json").count, 1)

    let later = dir.path + "/later.json"
    try Data(#"{"photos":{"key":"k"},"signIn":{"email":"a@b.c","token":"t"}}"#.utf8).write(
      to: URL(fileURLWithPath: later))
    let kept = CredentialsFile(path: later)
    XCTAssertEqual(kept.read().signIn?.token, "t")
    try kept.update { $0.signIn = nil }
    XCTAssertEqual(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: later)), as: UTF8.self),
      #"{"photos":{"key":"k"}}"#)
  }

  func testADamagedOfflineCopyIsKeptAsideAndReported() throws {
    let dir = TemporaryDirectory()
    let path = dir.path + "/offline-feed.json"
    try Data("{\"provider\":\"demo\",".utf8).write(to: URL(fileURLWithPath: path))
    let reports = Reports()
    let copy = OfflineCopy(path: path, report: { reports.add($0) })
    XCTAssertNil(copy.load(provider: "demo"))
    XCTAssertEqual(try asideFiles(dir, "offline-feed.json").count, 1)
    XCTAssertEqual(reports.all.count, 1)
  }
}
