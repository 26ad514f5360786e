import Foundation

/// Builds request URLs from a configured base URL, keeping any path prefix the base has
/// (`http://127.0.0.1:8080/reqres` + `/api/login` → `http://127.0.0.1:8080/reqres/api/login`).
public enum Endpoint {
  /// The URL for `path` under `base`, with `query` items in the order given.
  public static func url(base: String, path: String, query: [(String, String)] = []) -> URL? {
    var trimmed = base
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard var components = URLComponents(string: trimmed + (path.hasPrefix("/") ? path : "/" + path)),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      components.host != nil
    else { return nil }
    // Encoded as application/x-www-form-urlencoded requires: a `+` the user typed (`c++`)
    // reaches the provider as `%2B`, not as a space.
    if !query.isEmpty { components.percentEncodedQuery = FormEncoding.encode(query) }
    return components.url
  }
}
