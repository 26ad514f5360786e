import EventStore
import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// What the core keeps is its owner's alone, whatever the umask: the data directory and every
/// folder in it 0700, every file 0600 (another local user could otherwise read what was typed,
/// or rename over `credentials.json`, or rewrite an upload's bytes).
final class FileModesTests: XCTestCase {
  /// Every folder and file under `root` whose mode is not the owner's alone.
  private func wider(under root: String) -> [String] {
    var found: [String] = []
    var info = stat()
    if stat(root, &info) == 0, info.st_mode & 0o7777 != 0o700 {
      found.append("\(root): \(String(info.st_mode & 0o7777, radix: 8))")
    }
    let walker = FileManager.default.enumerator(atPath: root)
    while let relative = walker?.nextObject() as? String {
      let path = root + "/" + relative
      guard lstat(path, &info) == 0 else { continue }
      let mode = info.st_mode & 0o7777
      let isFolder = (info.st_mode & S_IFMT) == S_IFDIR
      if mode != (isFolder ? 0o700 : 0o600) { found.append("\(relative): \(String(mode, radix: 8))") }
    }
    return found
  }

  func testUnderUmask000EverythingTheCoreKeepsIsTheOwnersAlone() throws {
    let dir = TemporaryDirectory()
    try FileManager.default.removeItem(atPath: dir.path)  // the server makes it
    let p = try RPCProcess(extra: ["--test-clock"], umask: "000", dataDirectory: dir)
    XCTAssertNotNil(p.call("initialize")["capabilities"])
    p.call(Requests.AuthSetEmail(value: "test@mail.com"))
    p.call(Requests.AuthSetPassword(value: "123456"))
    p.call(Requests.AuthSubmitLogin())
    p.call("test/settle")
    p.call(Requests.ImagesPrefetch(keys: ["demo:1", "demo:2"]))
    p.call("test/settle")
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail("no demo redirect")
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    p.call("test/settle")
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    let kept = (try? FileManager.default.subpathsOfDirectory(atPath: dir.path)) ?? []
    for expected in ["events.jsonl", "credentials.json", "offline-feed.json", "snapshots", "cache"] {
      XCTAssertTrue(kept.contains(expected), "\(expected) was not written: \(kept.sorted())")
    }
    XCTAssertTrue(kept.contains { $0.hasPrefix("cache/") && $0.count > 9 }, "no image cached: \(kept)")
    XCTAssertEqual(wider(under: dir.path), [])
  }

  func testAStagedUploadIsTheOwnersAlone() throws {
    let dir = TemporaryDirectory()
    let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)
    let staged = try UploadFile.stage(gif, fileName: "x.gif", in: dir.path)
    var info = stat()
    XCTAssertEqual(stat(staged.path, &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o600)
    XCTAssertEqual(stat(dir.path + "/uploads", &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o700)
  }

  func testAnExistingDataDirectoryOpenToOthersIsReportedAtStart() throws {
    let dir = TemporaryDirectory()
    XCTAssertEqual(chmod(dir.path, 0o755), 0)
    let p = try RPCProcess(dataDirectory: dir)
    p.call("initialize")
    p.call("shutdown")
    p.notify("exit")
    XCTAssertEqual(p.finish(), 0)
    XCTAssertTrue(
      p.errorOutput.contains("is open to other users (mode 755)"), "no warning: \(p.errorOutput)")
  }
}
