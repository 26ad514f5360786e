/// The feed's effects: pages from the provider, and the offline copy of the first page.
extension FeedFeature {
  static func start(_ effect: Effect, in runtime: EffectRuntime) -> Bool {
    switch effect {
    case .loadFeedPage(let requestID, let query, let page, let perPage):
      runtime.run { [environment = runtime.environment] in
        switch await environment.feed.page(query: query, page: page, perPage: perPage) {
        case .success(var result):
          // A provider that sends more than was asked for gets what was asked for.
          if result.photos.count > perPage { result.photos.removeLast(result.photos.count - perPage) }
          return [Event(FeedEvents.PageLoaded(requestID: requestID, page: result))]
        case .failure(let failure):
          return [Event(FeedEvents.LoadFailed(requestID: requestID, failure: failure))]
        }
      } unrecordable: {
        [Event(FeedEvents.LoadFailed(requestID: requestID, failure: $0))]
      }
    case .saveOfflineCopy(let provider, let query, let photos):
      runtime.run { [offlineCopy = runtime.offlineCopy, diagnostics = runtime.diagnostics] in
        do { try offlineCopy.save(provider: provider, query: query, photos: photos) } catch {
          diagnostics("could not save the offline copy: \(error)")
        }
        return []
      }
    case .showOfflineCopy(let provider):
      runtime.run { [offlineCopy = runtime.offlineCopy] in
        guard let copy = offlineCopy.load(provider: provider) else { return [] }
        return [Event(FeedEvents.OfflineCopyShown(photos: copy.photos, query: copy.query))]
      }
    default:
      return false
    }
    return true
  }

  /// A new feed provider starts its feed over.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] {
    [.feed(.start(provider: environment.feed.name))]
  }
}
