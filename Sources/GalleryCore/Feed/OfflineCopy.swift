import EventStore
import Foundation

/// The last first page a provider answered: what the feed shows when it cannot load. The
/// state keeps it (`FeedState.offlineCopy`, so a load failing at once can show it in the same
/// change) and so does `offline-feed.json` (for a state written before the member existed).
public struct OfflineCopyPage: Codable, Equatable, Sendable {
  public var provider: String
  public var query: String
  /// At most a page (`perPage`, bounded by the settings).
  public var photos: [Photo]

  public init(provider: String, query: String, photos: [Photo]) {
    self.provider = provider
    self.query = query
    self.photos = photos
  }
}

extension OfflineCopyPage: PersistedDefaults {
  /// No provider's page: a member missing from a kept copy is empty.
  public static var persistedDefaults: OfflineCopyPage {
    OfflineCopyPage(provider: "", query: "", photos: [])
  }
}

/// The last successfully loaded first page, kept on disk (`offline-feed.json`) so the feed
/// has something to show offline; each successful first page replaces it (it is a copy of
/// what the provider sent, nothing the user made). A damaged copy is kept aside and reported.
public struct OfflineCopy: Sendable {
  typealias Contents = OfflineCopyPage

  public let path: String
  private let file: KeptFile<Contents>
  private let report: @Sendable (String) -> Void

  /// `report` hears of a damaged copy (kept aside as `offline-feed.json.damaged-STAMP`).
  public init(path: String, report: @escaping @Sendable (String) -> Void = { _ in }) {
    self.path = path
    self.file = KeptFile(path: path, mode: UInt32(OwnerOnly.fileMode))
    self.report = report
  }

  public func save(provider: String, query: String, photos: [Photo]) throws {
    try file.save(Contents(provider: provider, query: query, photos: photos))
  }

  /// The saved page, if there is one for `provider`.
  public func load(provider: String) -> (query: String, photos: [Photo])? {
    guard case .contents(let contents) = file.load(now: EventLogOptions.systemClock(), report: report),
      contents.provider == provider
    else { return nil }
    return (contents.query, contents.photos)
  }
}

/// Lets at most `limit` downloads run at once; the rest wait in order, and a cancelled
/// waiter leaves the queue.
actor DownloadLimiter {
  let limit: Int
  private var running = 0
  private var waiters: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
  private var nextID = 0

  init(limit: Int) { self.limit = limit }

  func acquire() async throws {
    if running < limit {
      running += 1
      return
    }
    nextID += 1
    let id = nextID
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        waiters.append((id, continuation))
        if Task.isCancelled { cancel(id) }
      }
    } onCancel: {
      Task { await self.cancel(id) }
    }
  }

  func release() {
    if waiters.isEmpty {
      running -= 1
    } else {
      waiters.removeFirst().continuation.resume()
    }
  }

  private func cancel(_ id: Int) {
    guard let i = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: i).continuation.resume(throwing: CancellationError())
  }
}
