import Foundation
import GalleryCore
import GalleryTesting
import XCTest

final class ImageCacheTests: XCTestCase {
  func testSHA256KnownVectors() {
    XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(
      SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    // Many blocks, and a tail that needs a block of its own for the length (FIPS 180-2's third).
    XCTAssertEqual(
      SHA256.hex([UInt8](repeating: 0x61, count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    // The two-block vector of FIPS 180-2, 112 bytes.
    XCTAssertEqual(
      SHA256.hex(
        Array(
          "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
            .utf8)),
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  func testBudgetIsNeverExceededAndLeastRecentlyUsedGoesFirst() throws {
    let dir = TemporaryDirectory()
    let cache = try ImageCache(root: dir.path, budget: 10_000)
    var evictedAll: [String] = []
    var paths: [String: String] = [:]
    for n in 0..<40 {
      let url = "https://img.example/\(n).jpg"
      let (path, evicted) = try cache.store([UInt8](repeating: UInt8(n), count: 1000 + n * 10), for: url)
      paths[url] = path
      evictedAll += evicted
      XCTAssertLessThanOrEqual(cache.totalBytes, 10_000, "after \(n) stores")
      if n == 20 {
        XCTAssertNotNil(cache.lookup("https://img.example/14.jpg"), "touch 14: it becomes recent")
      }
      if n == 22 {
        XCTAssertNil(cache.lookup("https://img.example/13.jpg"))
        XCTAssertNil(cache.lookup("https://img.example/15.jpg"), "15 was older than the touched 14")
        XCTAssertNotNil(cache.lookup("https://img.example/14.jpg"))
      }
    }
    XCTAssertNotNil(cache.lookup("https://img.example/39.jpg"))
    XCTAssertNil(cache.lookup("https://img.example/0.jpg"), "the oldest went first")
    for path in evictedAll { XCTAssertFalse(FileManager.default.fileExists(atPath: cache.absolute(path))) }
    let onDisk = dir.allFiles().reduce(0) {
      $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0)
    }
    XCTAssertEqual(onDisk, cache.totalBytes)
    // File names are hashes of the URL, inside the cache folder.
    let file = try XCTUnwrap(paths["https://img.example/39.jpg"])
    XCTAssertTrue(file.hasPrefix("cache/"), "paths are relative to the data directory")
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir.path + "/" + file))
    XCTAssertEqual((file as NSString).lastPathComponent, SHA256.hex(Array("https://img.example/39.jpg".utf8)))
  }

  func testTheFolderIsTheIndexAcrossRestartsAndShrinkingEvictsAtOnce() throws {
    let dir = TemporaryDirectory()
    do {
      let cache = try ImageCache(root: dir.path, budget: 100_000)
      for n in 0..<10 { _ = try cache.store([UInt8](repeating: 1, count: 5000), for: "https://x/\(n)") }
    }
    let reopened = try ImageCache(root: dir.path, budget: 100_000)
    XCTAssertEqual(reopened.totalBytes, 50_000)
    XCTAssertNotNil(reopened.lookup("https://x/3"))
    let evicted = reopened.setBudget(12_000)
    XCTAssertEqual(evicted.count, 8)
    XCTAssertLessThanOrEqual(reopened.totalBytes, 12_000)
    XCTAssertNotNil(reopened.lookup("https://x/3"), "the one used last survives")
    let small = try ImageCache(root: dir.path, budget: 5_000)
    XCTAssertLessThanOrEqual(small.totalBytes, 5_000, "opening with a smaller budget evicts")
    XCTAssertThrowsError(try small.store([UInt8](repeating: 0, count: 6_000), for: "https://x/big"))
  }

  /// A download that finishes after the data directory was removed (its owner's cleanup)
  /// fails and leaves nothing behind; the cache's own folders, if removed, are made again.
  func testAStoreAfterTheDataDirectoryIsGoneFailsWithoutMakingItAgain() throws {
    var dir: TemporaryDirectory? = TemporaryDirectory()
    let root = dir!.path
    let cache = try ImageCache(root: root, budget: 100_000)
    try FileManager.default.removeItem(atPath: cache.directory)
    XCTAssertNoThrow(try cache.store([1], for: "https://x/1"), "the cache folder alone is made again")
    dir = nil
    XCTAssertFalse(FileManager.default.fileExists(atPath: root))
    XCTAssertThrowsError(try cache.store([1, 2], for: "https://x/2")) { error in
      XCTAssertTrue("\(error)".contains("is gone"), "\(error)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: root), "nothing made again")
  }

  /// Issue 28, item 2: a store a crash interrupted leaves a temp file in the cache's folder;
  /// the next start removes it.
  func testAStoresLeftoverTempFileIsSweptAtStart() throws {
    let dir = TemporaryDirectory()
    let cache = try ImageCache(root: dir.path, budget: 100_000)
    let stored = try cache.store([1, 2, 3], for: "https://x/1").path
    let leftover = cache.absolute(stored) + ".0BADF00D.tmp"
    XCTAssertTrue(FileManager.default.createFile(atPath: leftover, contents: Data(count: 4000)))
    let reopened = try ImageCache(root: dir.path, budget: 100_000)
    XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
    XCTAssertEqual(reopened.totalBytes, 3)
  }

  func testImageSourceRefusesLocalFilesAndNonImages() async throws {
    let server = try FakeHTTPServer { request in
      request.path == "/img.png"
        ? .init(body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]))
        : .init(headers: ["Content-Type": "text/html"], body: Data("<html>not an image</html>".utf8))
    }
    let source = ImageSource(http: DefaultHTTPClient.make(), maxBytes: 1000)
    let png = try await source.fetch(server.baseURL + "/img.png").get()
    XCTAssertEqual(png.count, 11)
    guard case .failure(let html) = await source.fetch(server.baseURL + "/page") else { return XCTFail() }
    XCTAssertEqual(html.kind, .malformed)
    for hostile in [
      "file:///etc/passwd", "/etc/passwd", "data:image/png;base64,AAAA", "ftp://x/y.png",
      "demo://photo/../../x",
    ] {
      guard case .failure = await source.fetch(hostile) else { return XCTFail("fetched \(hostile)") }
    }
  }
}
