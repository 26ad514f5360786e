import Foundation
import Synchronization

/// The embedded account: signs in through a `demo://` authorize URL whose redirect
/// `redirectURL(forAuthorizeURL:)` builds (what a browser would land on), lists six demo
/// images, and keeps uploads and deletes in memory for the process's life (the provider owns
/// them; at most `keptImages`, the oldest dropped first). It lists them newest first in
/// pages of `pageSize`, as Imgur does.
public final class DemoAccount: AccountProvider, Sendable {
  public static let authorizeEndpoint = "demo://imgur/oauth2/authorize"
  /// The images it keeps, newest first, and how many uploads it took.
  private struct Kept {
    var stored: [AccountImage]
    var uploads = 0
  }
  private let kept: Mutex<Kept>

  /// Images per page of `images(token:page:)`: Imgur's page.
  public static let pageSize = 50
  /// The most images the demo keeps: past it, an upload drops the oldest (a demo left
  /// running for days, or a soak uploading every second, must not grow without end).
  public static let keptImages = 250

  public init() {
    // Its size, not its pixels: nothing is drawn until someone asks for the image.
    let size = Int64(DemoImages.bitmapSize(width: 320, height: 240))
    let stored = (1...6).map { (n: Int) -> AccountImage in
      // A camera's file name, in no language (the app may be in any).
      let title: String? = n % 2 == 0 ? "IMG_\(1000 + n)" : nil
      let description: String? = n == 1 ? "Uploaded with the demo account" : nil
      return AccountImage(
        id: "demo\(n)", title: title, description: description, link: "demo://photo/\(n)/large",
        thumbnailURL: "demo://photo/\(n)/thumbnail", type: "image/bmp", width: 320, height: 240,
        size: size, views: Int64(n * 7), bandwidth: Int64(n) * 5_000_000_000,
        datetime: 1_700_000_000 + Int64(n) * 86_400)
    }
    kept = Mutex(Kept(stored: stored))
  }

  /// The demo's authorize endpoint and client id.
  public static let info = AccountProviderInfo(
    name: "demo", authorizeEndpoint: authorizeEndpoint, clientID: "demo")

  public var info: AccountProviderInfo { Self.info }

  /// Where the demo's "browser" lands after the user approves: the tokens and the state of
  /// `authorizeURL` in the fragment, as Imgur sends them. Nil if it is not a demo URL.
  public static func redirectURL(forAuthorizeURL authorizeURL: String) -> String? {
    guard authorizeURL.hasPrefix(authorizeEndpoint + "?"),
      let state = OAuthRedirect.parameters(authorizeURL)["state"]
    else { return nil }
    return
      "demo://imgur/callback#access_token=demo-access&expires_in=3600&token_type=bearer&refresh_token=demo-refresh&account_username=demo&account_id=1&state=\(state)"
  }

  private func check(_ token: String) -> RequestFailure? {
    token.hasPrefix("demo-")
      ? nil
      : RequestFailure(kind: .http, status: 403, serverMessage: "The access token provided is invalid.")
  }

  public func images(token: String, page: Int) async -> Result<[AccountImage], RequestFailure> {
    if let failure = check(token) { return .failure(failure) }
    return .success(
      kept.withLock { kept in
        let stored = kept.stored
        guard page >= 0, page < stored.count / Self.pageSize + 1 else { return [] }
        return Array(stored[(page * Self.pageSize)..<min(stored.count, (page + 1) * Self.pageSize)])
      })
  }

  public func upload(
    token: String, request: UploadRequest, bytes: [UInt8],
    progress: @escaping @Sendable (Int64, Int64) -> Void
  ) async -> Result<AccountImage, RequestFailure> {
    if let failure = check(token) { return .failure(failure) }
    let total = Int64(bytes.count)
    for step in 0...4 { progress(total * Int64(step) / 4, total) }
    return .success(
      kept.withLock { kept in
        kept.uploads += 1
        let uploads = kept.uploads
        // Its own bytes show: the upload puts them in the image cache under this URL.
        let image = AccountImage(
          id: "up\(uploads)", title: request.title, description: request.description,
          link: "demo://upload/up\(uploads)", thumbnailURL: "demo://upload/up\(uploads)",
          type: request.file.mimeType, width: 320, height: 240, size: total,
          datetime: 1_750_000_000 + Int64(uploads))
        kept.stored.insert(image, at: 0)
        if kept.stored.count > Self.keptImages { kept.stored.removeLast(kept.stored.count - Self.keptImages) }
        return image
      })
  }

  public func delete(token: String, id: String) async -> Result<Void, RequestFailure> {
    if let failure = check(token) { return .failure(failure) }
    let removed = kept.withLock { kept -> Bool in
      guard let i = kept.stored.firstIndex(where: { $0.id == id }) else { return false }
      kept.stored.remove(at: i)
      return true
    }
    return removed
      ? .success(())
      : .failure(
        RequestFailure(kind: .http, status: 404, serverMessage: "Unable to find an image with the id \(id)."))
  }

  public func refresh(refreshToken: String) async -> Result<AccountTokens, RequestFailure> {
    guard refreshToken.hasPrefix("demo-") else {
      return .failure(RequestFailure(kind: .http, status: 400, serverMessage: "Invalid refresh token"))
    }
    return .success(AccountTokens(accessToken: "demo-access", refreshToken: refreshToken, expiresIn: 3600))
  }
}
