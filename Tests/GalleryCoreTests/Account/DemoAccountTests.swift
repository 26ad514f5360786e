import GalleryCore
import XCTest

/// The embedded account lists what it keeps as Imgur does, in pages of 50, newest first, and
/// keeps a bounded number: a demo left uploading (the hour's soak uploads once a round) must
/// neither grow its memory nor hand the account a page holding every image ever uploaded.
final class DemoAccountTests: XCTestCase {
  private func upload(_ account: DemoAccount, _ n: Int) async throws -> AccountImage {
    let file = UploadFile(path: "/staged/\(n)", fileName: "\(n).png", byteCount: 3, mimeType: "image/png")
    return try await account.upload(
      token: "demo-access", request: UploadRequest(file: file, title: "upload \(n)"), bytes: [1, 2, 3],
      progress: { _, _ in }
    ).get()
  }

  private func ids(_ account: DemoAccount, page: Int) async throws -> [String] {
    try await account.images(token: "demo-access", page: page).get().map(\.id)
  }

  func testImagesComeInPagesOfFiftyNewestFirst() async throws {
    let account = DemoAccount()
    let initial = try await ids(account, page: 0)
    XCTAssertEqual(initial, ["demo1", "demo2", "demo3", "demo4", "demo5", "demo6"])
    let afterInitial = try await ids(account, page: 1)
    XCTAssertEqual(afterInitial, [])
    for n in 1...60 { _ = try await upload(account, n) }
    let first = try await ids(account, page: 0)
    XCTAssertEqual(first.count, DemoAccount.pageSize)
    XCTAssertEqual(first.prefix(2), ["up60", "up59"])
    let second = try await ids(account, page: 1)
    XCTAssertEqual(second, (1...10).reversed().map { "up\($0)" } + (1...6).map { "demo\($0)" })
    for page in [2, -1, .max] {
      let none = try await ids(account, page: page)
      XCTAssertEqual(none, [], "page \(page)")
    }
  }

  func testUploadsPastTheBoundDropTheOldest() async throws {
    let account = DemoAccount()
    let total = DemoAccount.keptImages + 20
    for n in 1...total { _ = try await upload(account, n) }
    var kept: [String] = []
    for page in 0... {
      let ids = try await ids(account, page: page)
      if ids.isEmpty { break }
      kept += ids
    }
    XCTAssertEqual(kept.count, DemoAccount.keptImages)
    XCTAssertEqual(kept.first, "up\(total)")
    XCTAssertEqual(kept.last, "up\(total - DemoAccount.keptImages + 1)")
    // A dropped image is gone for a delete too, as on Imgur after it is removed.
    let deleted = await account.delete(token: "demo-access", id: "up1")
    guard case .failure(let failure) = deleted else { return XCTFail("up1 was dropped, yet deleted") }
    XCTAssertEqual(failure.status, 404)
  }
}
