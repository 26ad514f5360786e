import Foundation

/// A source of photo pages: Pixabay, Pexels or the embedded demo catalog.
public protocol PhotoProvider: Sendable {
  /// The name in `/feed/provider` and `--feed`.
  var name: String { get }
  /// One page of results for `query` (empty: the provider's default list).
  func page(query: String, page: Int, perPage: Int) async -> Result<FeedPage, RequestFailure>
}
