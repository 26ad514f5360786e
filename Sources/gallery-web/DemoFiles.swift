import Foundation
import GalleryCore

/// The bytes behind the demo provider's `demo://` links, served at `/demo/…` so the page's
/// `<video>` and `<img>` can load them: a demo video's MP4 (`DemoClip`) or a demo photo.
///
/// Owner: the bridge. Bound: it keeps the last clip made (at most about 5 MB), since a player
/// asks for the same file more than once; photos are made on each request (a few hundred KB).
final class DemoFiles: @unchecked Sendable {
  private let lock = NSLock()
  private var lastClip: (link: String, bytes: [UInt8])?

  /// The reply for `/demo/REST`, the link `demo://REST`.
  func reply(path rest: Substring) -> HTTPReply {
    let link = "demo://" + rest
    if link.hasPrefix("demo://video/") {
      guard let bytes = clip(link) else { return .text(404, "no demo video file at \(link)") }
      return .response(status: 200, contentType: "video/mp4", body: bytes)
    }
    guard let bytes = DemoImages.image(for: link) else { return .text(404, "no demo image at \(link)") }
    return .response(status: 200, contentType: "image/bmp", body: bytes)
  }

  private func clip(_ link: String) -> [UInt8]? {
    if let kept = lock.withLock({ lastClip }), kept.link == link { return kept.bytes }
    // Made outside the lock: another request for another clip does not wait for this one.
    guard let bytes = DemoClip.mp4(for: link) else { return nil }
    lock.withLock { lastClip = (link, bytes) }
    return bytes
  }
}
