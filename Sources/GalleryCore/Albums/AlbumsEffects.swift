/// The albums' effects, as data.
public enum AlbumsEffect: Codable, Equatable, Sendable {
  /// Find an album's first photo (its preview), record it, and get its thumbnail into the cache.
  case resolvePreview(albumID: Int)
  /// Load albums and owners at the same time; each records its own result.
  case load(requestID: Int)
  /// Load one album's photos.
  case loadPhotos(requestID: Int, albumID: Int)
}

/// The albums' effects: albums and owners loaded side by side, an album's photos, and each
/// album's preview (its first photo's thumbnail).
extension AlbumsFeature {
  static func run(_ effect: AlbumsEffect, in runtime: EffectRuntime) {
    switch effect {
    case .load(let requestID):
      // Both at once; each result is recorded as it comes, in whichever order.
      let albums = runtime.environment.albums
      runtime.load(
        { await albums.users() }, { AlbumsEvents.OwnersArrived(requestID: requestID, owners: $0) },
        failed: { AlbumsEvents.OwnersFailed(requestID: requestID, failure: $0) })
      runtime.load(
        { await albums.albums() }, { AlbumsEvents.AlbumsArrived(requestID: requestID, albums: $0) },
        failed: { AlbumsEvents.AlbumsFailed(requestID: requestID, failure: $0) })
    case .loadPhotos(let requestID, let albumID):
      let albums = runtime.environment.albums
      runtime.load(
        { await albums.photos(albumID: albumID) },
        { AlbumsEvents.PhotosArrived(requestID: requestID, photos: $0) },
        failed: { AlbumsEvents.PhotosFailed(requestID: requestID, failure: $0) })
    case .resolvePreview(let albumID):
      resolvePreview(albumID, in: runtime)
    }
    return
  }

  /// Looks up an album's first photo, records it as the preview, then downloads its thumbnail.
  private static func resolvePreview(_ albumID: Int, in runtime: EffectRuntime) {
    let key = "album:\(albumID)"
    runtime.track(ImagesFeature.downloadKey(key, .thumbnail)) {
      [runtime, environment = runtime.environment] in
      switch await environment.albums.photos(albumID: albumID) {
      case .failure(let failure):
        return Task.isCancelled || failure.kind == .cancelled
          ? [] : [Event(ImagesEvents.ImageFailed(key: key, target: .thumbnail, failure: failure))]
      case .success(let photos):
        if Task.isCancelled { return [] }
        guard let first = photos.first else {
          let empty = RequestFailure(
            kind: .empty, detail: "the album has no photos", reason: "albums.noPhotos")
          return [Event(ImagesEvents.ImageFailed(key: key, target: .thumbnail, failure: empty))]
        }
        runtime.record([Event(AlbumsEvents.PreviewFound(albumID: albumID, url: first.thumbnailURL))])
        ImagesFeature.download(key: key, target: .thumbnail, url: first.thumbnailURL, in: runtime)
        return []
      }
    }
  }
}

extension AlbumsEffect: FeatureEffect {
  typealias Feature = AlbumsFeature
}

extension Effect {
  /// An effect of the albums feature.
  public static func albums(_ effect: AlbumsEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension AlbumsEffect {
  /// What a rerun answers: every album request (the list and its owners answer one).
  var asked: RequestTag? {
    switch self {
    // The preview's lookup and its thumbnail's download are one request (`album:ID`'s).
    case .resolvePreview(let albumID): ImagesEffect.tag("album:\(albumID)", .thumbnail)
    case .load(let requestID): RequestTag("albums", requestID)
    case .loadPhotos(let requestID, _): RequestTag("album photos", requestID)
    }
  }
}
