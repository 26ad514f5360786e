import EventStore
import Foundation

/// The last successfully loaded first page, kept on disk (`offline-feed.json`) so the feed
/// has something to show offline; each successful first page replaces it.
public struct OfflineCopy: Sendable {
  struct Contents: Codable {
    var provider: String
    var query: String
    var photos: [Photo]
  }

  public let path: String

  public init(path: String) { self.path = path }

  public func save(provider: String, query: String, photos: [Photo]) throws {
    try AtomicFile.write(
      Array(try JSONCoding.encode(Contents(provider: provider, query: query, photos: photos))), to: path)
  }

  /// The saved page, if there is one for `provider`.
  public func load(provider: String) -> (query: String, photos: [Photo])? {
    guard let data = FileManager.default.contents(atPath: path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data), contents.provider == provider
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
