import Foundation
import GalleryClient
import GalleryCore
import GalleryTesting
import XCTest

/// `account/cancelUpload`: a slow upload stops when the user says so. Its transfer ends, bytes
/// a frontend sent are removed, the state says cancelled, and a file of the user's is offered
/// again as it was.
final class UploadCancelTests: XCTestCase {
  /// The demo account, but an upload's transfer lasts until it is cancelled: a slow 10 MB
  /// upload. The test cancels every upload it starts.
  final class SlowAccount: AccountProvider, Sendable {
    let demo = DemoAccount()
    let started = Locked(0)
    let stopped = Locked(0)
    /// Signalled as each transfer has stopped: the effect may be settled a moment before the
    /// provider's task runs its last lines, so the test waits for this, bounded.
    let stoppedSignal = DispatchSemaphore(value: 0)
    var info: AccountProviderInfo { demo.info }

    func images(token: String, page: Int) async -> Result<[AccountImage], RequestFailure> {
      await demo.images(token: token, page: page)
    }

    func upload(
      token: String, request: UploadRequest, bytes: [UInt8],
      progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async -> Result<AccountImage, RequestFailure> {
      started.mutate { $0 += 1 }
      // A stream nobody writes to: its iteration ends only when the task is cancelled, the
      // way curl's transfer ends on `account/cancelUpload` (no clock, no sleep).
      let (never, held) = AsyncStream<Void>.makeStream()
      for await _ in never {}
      held.finish()
      stopped.mutate { $0 += 1 }
      stoppedSignal.signal()
      return .failure(RequestFailure(kind: .cancelled))
    }

    func delete(token: String, id: String) async -> Result<Void, RequestFailure> {
      await demo.delete(token: token, id: id)
    }

    func refresh(refreshToken: String) async -> Result<AccountTokens, RequestFailure> {
      await demo.refresh(refreshToken: refreshToken)
    }
  }

  func testACancelledUploadStopsRemovesItsBytesAndOffersAFileAgain() throws {
    let account = SlowAccount()
    let p = try InProcessServer(environment: GalleryEnvironment().with { $0.account = account })
    _ = p.initialize()
    guard case .string(let redirect)? = p.call(Requests.AccountBeginLogin())["demoRedirectURL"] else {
      return XCTFail("no demo redirect")
    }
    p.call(Requests.AccountCompleteLogin(redirectURL: redirect))
    XCTAssertEqual(
      p.error(Requests.AccountCancelUpload())["data"]?["code"], .string("account.noUploadRunning"))

    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    let images = p.store.state.account.images.count
    // Bytes a browser sent: staged, then gone with the cancelled upload.
    let gif = Data("GIF89a".utf8) + Data(count: 4096)
    p.call(Requests.AccountUpload(data: gif.base64EncodedString(), fileName: "cat.gif"))
    let staged = StagedUploads.folder(in: p.dataDirectory.path)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: staged).count, 1)
    XCTAssertEqual(p.store.state.account.upload.status, .uploading)
    p.call(Requests.AccountCancelUpload())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(account.stoppedSignal.wait(timeout: .now() + 10), .success, "the transfer stopped")
    XCTAssertEqual(account.stopped.value, 1, "the transfer stopped")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: staged), [], "the staged bytes are gone")
    XCTAssertEqual(
      p.call(Requests.StateGet(pointer: "/account/upload/status"))["value"], .string("cancelled"))
    XCTAssertEqual(p.store.state.account.upload.error?.code, "account.uploadCancelled")
    XCTAssertNil(p.store.state.account.upload.error?.retry, "the bytes are the frontend's to send again")
    XCTAssertEqual(p.store.state.account.images.count, images, "nothing uploaded")

    // A file of the user's: offered again by its path, and the retry uploads it.
    let picture = p.dataDirectory.path + "/../cancel-\(UUID().uuidString).gif"
    XCTAssertTrue(FileManager.default.createFile(atPath: picture, contents: gif))
    defer { try? FileManager.default.removeItem(atPath: picture) }
    p.call(Requests.AccountUpload(path: picture, title: "Mine"))
    p.call(Requests.AccountCancelUpload())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(account.stoppedSignal.wait(timeout: .now() + 10), .success, "the transfer stopped")
    XCTAssertEqual(account.stopped.value, 2)
    let retry = try XCTUnwrap(p.store.state.account.upload.error?.retry)
    XCTAssertEqual(retry.method, "account/upload")
    XCTAssertEqual(retry.params["title"], .string("Mine"))
    XCTAssertTrue(FileManager.default.fileExists(atPath: picture), "the user's file is never touched")
    let again = p.call(
      "account/upload", String(decoding: try JSONEncoder().encode(retry.params), as: UTF8.self))
    XCTAssertNotNil(again["version"])
    XCTAssertEqual(p.store.state.account.upload.status, .uploading, "sent again as it was")
    XCTAssertEqual(p.store.state.account.upload.request?.title, "Mine")
    p.call(Requests.AccountCancelUpload())
    XCTAssertTrue(p.store.waitUntilIdle(timeout: 10))
    XCTAssertEqual(account.stoppedSignal.wait(timeout: .now() + 10), .success, "the transfer stopped")
    XCTAssertEqual(account.stopped.value, account.started.value, "every transfer that started stopped")
    XCTAssertEqual(try Replay.state(ofLogAt: p.dataDirectory.path + "/events.jsonl"), p.store.state)
  }
}
