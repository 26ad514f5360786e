/// The feed's effects, as data.
public enum FeedEffect: Codable, Equatable, Sendable {
  /// Fetch a page from the feed provider; records `feed.pageLoaded` or `feed.loadFailed`
  /// (with `feed.offlineCopyShown` beside it when the server cannot be reached, a copy is kept
  /// and `offlineCopy` says the list shown may be replaced by it: nothing live is shown).
  case loadPage(requestID: Int, query: String, page: Int, perPage: Int, offlineCopy: Bool)
  /// Keep this first page on disk as the offline copy (replacing the last one).
  case saveOfflineCopy(provider: String, query: String, photos: [Photo])
  /// Read the offline copy; records `feed.offlineCopyShown` if there is one for `provider`.
  case showOfflineCopy(provider: String)
}

/// The feed's effects: pages from the provider, and the offline copy of the first page.
extension FeedFeature {
  static func run(_ effect: FeedEffect, in runtime: EffectRuntime) {
    switch effect {
    case .loadPage(let requestID, let query, let page, let perPage, let showsCopy):
      let feed = runtime.environment.feed
      runtime.run(
        { [offlineCopy = offlineCopy(runtime)] in
          switch await feed.page(query: query, page: page, perPage: perPage) {
          case .success(var result):
            // A provider that sends more than was asked for gets what was asked for.
            if result.photos.count > perPage { result.photos.removeLast(result.photos.count - perPage) }
            return [Event(FeedEvents.PageLoaded(requestID: requestID, page: result))]
          case .failure(let failure):
            // The server cannot be reached: the offline copy is read now and recorded with the
            // failure, in one append, so no client sees the failed feed before its copy. Its
            // fold shows it only if this failure was the current load's.
            let failed = Event(FeedEvents.LoadFailed(requestID: requestID, failure: failure))
            guard failure.kind == .offline, showsCopy, let copy = offlineCopy.load(provider: feed.name) else {
              return [failed]
            }
            return [failed, Event(FeedEvents.OfflineCopyShown(photos: copy.photos, query: copy.query))]
          }
        },
        unrecordable: { [Event(FeedEvents.LoadFailed(requestID: requestID, failure: $0))] })
    case .saveOfflineCopy(let provider, let query, let photos):
      runtime.run { [offlineCopy = offlineCopy(runtime), diagnostics = runtime.diagnostics] in
        do { try offlineCopy.save(provider: provider, query: query, photos: photos) } catch {
          diagnostics("could not save the offline copy: \(error)")
        }
        return []
      }
    case .showOfflineCopy(let provider):
      runtime.run { [offlineCopy = offlineCopy(runtime)] in
        guard let copy = offlineCopy.load(provider: provider) else { return [] }
        return [Event(FeedEvents.OfflineCopyShown(photos: copy.photos, query: copy.query))]
      }
    }
    return
  }

  /// The offline copy of the last page shown (`offline-feed.json` in the data directory;
  /// one file, replaced whole at each save).
  static func offlineCopy(_ runtime: EffectRuntime) -> OfflineCopy {
    runtime.resource { directory, report in
      OfflineCopy(path: directory + "/offline-feed.json", report: report)
    }
  }

  /// A new feed provider starts its feed over.
  static func providersChanged(_ environment: GalleryEnvironment) -> [Action] {
    [.feed(.start(provider: environment.feed.name))]
  }
}

extension FeedEffect: FeatureEffect {
  typealias Feature = FeedFeature
}

extension Effect {
  /// An effect of the feed feature.
  public static func feed(_ effect: FeedEffect) -> Effect { .feature(AnyFeatureEffect(effect)) }
}

extension FeedEffect {
  /// What a rerun answers: a page (by its request), the offline copy read.
  var asked: RequestTag? {
    switch self {
    case .loadPage(let requestID, _, _, _, _): RequestTag("feed page", requestID)
    case .saveOfflineCopy: nil
    case .showOfflineCopy: Self.offlineCopyTag
    }
  }

  /// Reading the offline copy of the first page.
  static let offlineCopyTag = RequestTag("feed", "offline copy")
}
