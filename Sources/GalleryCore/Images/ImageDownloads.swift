/// The images' effects, as data.
public enum ImagesEffect: Codable, Equatable, Sendable {
  /// Get an image into the cache (from the cache if it is there); records `feed.imageLoaded`
  /// or `feed.imageFailed`. While the frontend declares the device `offline`, only the cache
  /// serves: an image not there fails at once with `request.offline`.
  case download(key: String, target: ImageTarget, url: String, offline: Bool = false)
  /// Stop downloads of these keys.
  case cancel(keys: [String], target: ImageTarget)
  /// Stop every download for `target`.
  case cancelAll(target: ImageTarget)
  /// Set the image cache's budget; a smaller one evicts at once (`feed.imagesEvicted`).
  case setCacheBudget(megabytes: Int)
}

/// The images' effects: downloads into the disk cache (at most a few at once, each
/// cancellable by key and target), cancels, and the cache's budget.
extension ImagesFeature {
  static func run(_ effect: ImagesEffect, in runtime: EffectRuntime) {
    switch effect {
    case .download(let key, let target, let url, let offline):
      download(key: key, target: target, url: url, offline: offline, in: runtime)
    case .cancel(let keys, let target):
      let ids = Set(keys.map { downloadKey($0, target) })
      runtime.cancelDownloads { ids.contains($0) }
    case .cancelAll(let target):
      runtime.cancelDownloads { $0.hasPrefix(target.rawValue + ":") }
    case .setCacheBudget(let megabytes):
      let evicted = runtime.cache.setBudget(megabytes * 1_000_000)
      if !evicted.isEmpty { runtime.run { [Event(ImagesEvents.ImagesEvicted(paths: evicted))] } }
    }
    return
  }

  /// The id a download is tracked (and cancelled) by.
  static func downloadKey(_ key: String, _ target: ImageTarget) -> String { "\(target.rawValue):\(key)" }

  /// Gets one image into the cache (or finds it there) and records where it is.
  static func download(
    key: String, target: ImageTarget, url: String, offline: Bool = false, in runtime: EffectRuntime
  ) {
    runtime.track(downloadKey(key, target)) { [runtime] in
      if let path = runtime.cache.lookup(url) {
        return [Event(ImagesEvents.ImageLoaded(key: key, target: target, path: path))]
      }
      if offline {
        return [Event(ImagesEvents.ImageFailed(key: key, target: target, failure: .declaredOffline))]
      }
      do { try await runtime.limiter.acquire() } catch { return [] }
      let result = await runtime.environment.images.fetch(url)
      await runtime.limiter.release()
      if Task.isCancelled { return [] }
      switch result {
      case .failure(let failure):
        return failure.kind == .cancelled
          ? [] : [Event(ImagesEvents.ImageFailed(key: key, target: target, failure: failure))]
      case .success(let bytes):
        do throws(RequestFailure) {
          let (path, evicted) = try runtime.cache.store(bytes, for: url)
          var events = [Event(ImagesEvents.ImageLoaded(key: key, target: target, path: path))]
          if !evicted.isEmpty { events.insert(Event(ImagesEvents.ImagesEvicted(paths: evicted)), at: 0) }
          return events
        } catch {
          return [Event(ImagesEvents.ImageFailed(key: key, target: target, failure: error))]
        }
      }
    }
  }

}

extension ImagesEffect: FeatureEffect {
  typealias Feature = ImagesFeature
}

extension Effect {
  /// An effect of the images feature.
  public static func images(_ effect: ImagesEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension ImagesEffect {
  /// What a rerun answers: a download (by key and target); cancels and the budget run.
  var asked: RequestTag? {
    switch self {
    case .download(let key, let target, _, _): Self.tag(key, target)
    case .cancel, .cancelAll, .setCacheBudget: nil
    }
  }

  /// The download of `key` for `target`.
  static func tag(_ key: String, _ target: ImageTarget) -> RequestTag {
    RequestTag("image", "\(target.rawValue) \(key)")
  }
}
