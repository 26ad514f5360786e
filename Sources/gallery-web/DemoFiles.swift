import Foundation
import GalleryCore
import Synchronization

/// The bytes behind the demo providers' `demo://` links, served at `/demo/…` so the page's
/// `<video>` and `<img>` can load them: whatever a feature declares (`DemoFileSource`), so
/// the bridge names none.
///
/// Owner: the bridge. Bound: it keeps the last file of a source that asks for it (a video's
/// clip, at most about 5 MB), since a player asks for the same file more than once; others are
/// made on each request (a few hundred KB).
final class DemoFiles: Sendable {
  /// The last file kept, its one owner.
  private let last = Mutex<(link: String, bytes: [UInt8])?>(nil)

  /// The reply for `/demo/REST`, the link `demo://REST`.
  func reply(path rest: Substring) -> HTTPReply {
    let link = "demo://" + rest
    guard let source = DemoFileSource.serving(link) else { return .text(404, "no demo file at \(link)") }
    if source.keepsLast, let kept = last.withLock({ $0 }), kept.link == link {
      return .response(status: 200, contentType: source.contentType, body: kept.bytes)
    }
    // Made outside the lock: another request for another file does not wait for this one.
    guard let bytes = source.bytes(link) else { return .text(404, "no demo file at \(link)") }
    if source.keepsLast { last.withLock { $0 = (link, bytes) } }
    return .response(status: 200, contentType: source.contentType, body: bytes)
  }
}
