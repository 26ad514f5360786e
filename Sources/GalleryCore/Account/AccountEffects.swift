import Foundation
import Synchronization

/// The account's effects, as data.
public enum AccountEffect: Codable, Equatable, Sendable {
  /// Write the tokens of the sign-in redirect held in memory to the credentials file
  /// (records `account.signedOut` with `credentialsLost` if it cannot).
  case storeTokens
  /// Drop the sign-in redirect held in memory (the sign-in failed).
  case forgetRedirect
  /// Remove the account's tokens from the credentials file.
  case clearCredentials
  /// Load the account's images page by page until an empty page.
  case loadImages(requestID: Int)
  /// Read the file again and upload it, recording progress every tenth.
  case upload(requestID: Int, request: UploadRequest)
  /// Stop the upload `requestID` (its transfer ends) and remove the bytes staged for it.
  case cancelUpload(requestID: Int, staged: String?)
  /// Delete one image at the provider.
  case delete(requestID: Int, imageID: String)
}

extension AccountFeature {
  static func run(_ effect: AccountEffect, in runtime: EffectRuntime) { runtime.startAccount(effect) }

  /// A new account provider is recorded (and its session starts over).
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] {
    [.account(.start(environment.account.info))]
  }
}

/// The account's effects, run by the runtime: tokens to and from the credentials file,
/// image pages, the upload with its progress, deletes.
extension EffectRuntime {
  /// The account's tokens: refresh and retry around every account call (one session per
  /// set of providers).
  var account: AccountSession {
    service { environment, credentials, clock in
      AccountSession(provider: environment.account, credentials: credentials, clock: clock)
    }
  }

  /// Starts one account effect.
  func startAccount(_ effect: AccountEffect) {
    switch effect {
    case .storeTokens:
      // Synchronous: the next call must find the tokens on disk.
      if !storeRedirectTokens() { run { [Event(AccountEvents.SignedOut(reason: "credentialsLost"))] } }
    case .forgetRedirect:
      vault.take(.redirect)
    case .clearCredentials:
      do { try credentials.update { $0.account = nil } } catch {
        diagnostics("could not remove the account tokens: \(error)")
      }
    case .loadImages(let requestID):
      run { [self] in
        await loadAccountImages(requestID)
      } unrecordable: {
        [Event(AccountEvents.ImagesFailed(requestID: requestID, failure: $0))]
      }
    case .upload(let requestID, let request):
      // Tracked by its id, so `account/cancelUpload` can stop the transfer.
      track(Self.uploadID(requestID)) { [self] in await uploadAccountImage(requestID, request) }
    case .cancelUpload(let requestID, let staged):
      cancelDownloads { $0 == Self.uploadID(requestID) }
      // The bytes a frontend sent for it go with it (the state no longer counts them in use).
      if let staged { OwnFiles.remove(staged, ownedBy: dataDirectory) }
    case .delete(let requestID, let imageID):
      run { [account] in
        let call = await account.call { token in
          await self.environment.account.delete(token: token, id: imageID)
        }
        switch call.result {
        case nil: return call.events
        case .success:
          return call.events + [Event(AccountEvents.Deleted(requestID: requestID, imageID: imageID))]
        case .failure(let failure)? where failure.kind == .http && failure.status == 404:
          // Not there: the image is already gone (deleted elsewhere, or by an earlier try whose
          // answer was lost), which is what was asked. A retry would get 404 for ever.
          return call.events + [Event(AccountEvents.Deleted(requestID: requestID, imageID: imageID))]
        case .failure(let failure):
          return call.events + [
            Event(AccountEvents.DeleteFailed(requestID: requestID, imageID: imageID, failure: failure))
          ]
        }
      }
    }
    return
  }

  /// Writes the tokens of the held redirect (its state was checked when it was accepted).
  private func storeRedirectTokens() -> Bool {
    guard let redirect = vault.take(.redirect),
      case .success(let grant) = OAuthRedirect.parse(
        redirect.value, expectedState: OAuthRedirect.parameters(redirect.value)["state"] ?? "")
    else { return false }
    do {
      try account.store(
        accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresIn: grant.expiresIn)
      return true
    } catch {
      diagnostics("could not store the account tokens: \(error)")
      return false
    }
  }

  /// Most pages one load reads (Imgur pages hold 50 images).
  static let maxImagePages = 50

  /// Pages from 0 until an empty one; each page is recorded as it arrives.
  private func loadAccountImages(_ requestID: Int) async -> [Event] {
    for page in 0..<Self.maxImagePages {
      let call = await account.call { token in await self.environment.account.images(token: token, page: page)
      }
      switch call.result {
      case nil: return call.events
      case .failure(let failure)?:
        return call.events + [Event(AccountEvents.ImagesFailed(requestID: requestID, failure: failure))]
      case .success(let images)?:
        let last = images.isEmpty || page == Self.maxImagePages - 1
        let events =
          call.events + [
            Event(
              AccountEvents.ImagesPageLoaded(requestID: requestID, page: page, images: images, last: last))
          ]
        if last { return events }
        do { try append(events) } catch {
          let failure = Self.unrecordableFailure(error)
          return [Event(AccountEvents.ImagesFailed(requestID: requestID, failure: failure))]
        }
      }
    }
    return []
  }

  /// Reads the file again (it may have changed since it was checked), uploads it and records
  /// progress at every tenth.
  /// The id an upload's transfer is tracked under.
  static func uploadID(_ requestID: Int) -> String { "upload:\(requestID)" }

  private func uploadAccountImage(_ requestID: Int, _ request: UploadRequest) async -> [Event] {
    let bytes: [UInt8]
    do { bytes = try UploadFile.read(request.file.path) } catch {
      let failure = RequestFailure(
        kind: .rejected, detail: "\(error)", reason: "account.fileUnreadable")
      return [Event(AccountEvents.UploadFailed(requestID: requestID, failure: failure))]
    }
    let tenths = ProgressTenths()
    // The client reports progress on its own thread: the upload's place in the order is taken here.
    let ticket = EffectOrder.working
    let progress: @Sendable (Int64, Int64) -> Void = { [self] sent, total in
      if let percent = tenths.advance(sent: sent, total: total) {
        record([Event(AccountEvents.UploadProgressed(requestID: requestID, percent: percent))], for: ticket)
      }
    }
    let call = await account.call { token in
      await self.environment.account.upload(token: token, request: request, bytes: bytes, progress: progress)
    }
    switch call.result {
    case nil: return call.events
    case .success(let image)?:
      // Bytes a frontend sent were kept only for this upload.
      if request.file.staged == true { OwnFiles.remove(request.file.path, ownedBy: dataDirectory) }
      // The bytes sent are the image: kept in the cache under its thumbnail's URL, it shows
      // at once, as uploaded, with no download.
      var events = call.events
      if !image.thumbnailURL.isEmpty, let (_, evicted) = try? cache.store(bytes, for: image.thumbnailURL),
        !evicted.isEmpty
      {
        events.append(Event(ImagesEvents.ImagesEvicted(paths: evicted)))
      }
      return events + [Event(AccountEvents.Uploaded(requestID: requestID, image: image))]
    case .failure(let failure)?:
      return call.events + [Event(AccountEvents.UploadFailed(requestID: requestID, failure: failure))]
    }
  }
}

/// Turns byte counts into the next tenth reached (10, 20, … 100), each once.
private final class ProgressTenths: Sendable {
  /// The last tenth reported.
  private let reported = Mutex(0)

  /// The percentage to record now, or nil if no new tenth was reached.
  func advance(sent: Int64, total: Int64) -> Int? {
    guard total > 0 else { return nil }
    let percent = Int(min(10, max(0, sent * 10 / total))) * 10
    return reported.withLock { reported in
      guard percent > reported else { return nil }
      reported = percent
      return percent
    }
  }
}

extension AccountEffect: FeatureEffect {
  typealias Feature = AccountFeature
}

extension Effect {
  /// An effect of the account feature.
  public static func account(_ effect: AccountEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension AccountEffect {
  /// What a rerun answers: Imgur's answers (images, an upload, a delete); the tokens and the
  /// redirect are local.
  var asked: RequestTag? {
    switch self {
    case .storeTokens, .forgetRedirect, .clearCredentials, .cancelUpload: nil
    case .loadImages(let requestID): RequestTag("account images", requestID)
    case .upload(let requestID, _): RequestTag("upload", requestID)
    case .delete(let requestID, _): RequestTag("delete", requestID)
    }
  }
}
