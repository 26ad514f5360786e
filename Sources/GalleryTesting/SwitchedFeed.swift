import GalleryCore

/// The demo catalog behind a switch: while `failure` is set, every page fails with it (a
/// refused connection, a 429), as a provider in trouble would; `calls` counts the requests
/// that reached it.
public struct SwitchedFeed: PhotoProvider {
  public let failure: Locked<RequestFailure?>
  public let calls = Locked(0)
  public var name: String { "demo" }

  public init(failing failure: RequestFailure? = nil) {
    self.failure = Locked(failure)
  }

  public func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure> {
    calls.mutate { $0 += 1 }
    if let failure = failure.value { return .failure(failure) }
    return await DemoCatalog().page(query: query, page: page, perPage: perPage)
  }
}
