import Foundation

/// What every provider decoder needs of an answer: the body decoded or a typed failure, and
/// the URLs and colors it may keep (http(s) only; `#RGB` widened).
enum ProviderDecoding {
  /// `#EEE` → `#EEEEEE`; anything that is not a hex color → nil.
  static func color(_ raw: String?) -> String? {
    guard var hex = raw?.trimmingCharacters(in: .whitespaces), hex.hasPrefix("#") else { return nil }
    hex.removeFirst()
    guard hex.allSatisfy(\.isHexDigit) else { return nil }
    if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
    guard hex.count == 6 else { return nil }
    return "#" + hex.uppercased()
  }

  /// An http(s) URL or nil: provider data never points us at files or other schemes.
  static func webURL(_ raw: String?) -> String? {
    guard let raw, !raw.isEmpty, raw.count <= 2048,
      let scheme = raw.split(separator: ":").first?.lowercased(),
      scheme == "https" || scheme == "http", Endpoint.url(base: raw, path: "") != nil
    else { return nil }
    return raw
  }

  /// The first candidate that is a usable http(s) URL.
  static func firstWebURL(_ candidates: String?...) -> String? {
    candidates.lazy.compactMap { webURL($0) }.first
  }

  /// Maps an HTTP answer to a decoded body or a typed failure.
  static func decode<T: Decodable>(_ type: T.Type, _ result: Result<HTTPResponse, RequestFailure>) -> Result<
    T, RequestFailure
  > {
    switch result {
    case .failure(let f): return .failure(f)
    case .success(let response):
      guard (200..<300).contains(response.status) else { return .failure(HTTPStatus.failure(for: response)) }
      do {
        return .success(try JSONCoding.decode(T.self, from: Array(response.body)))
      } catch {
        return .failure(
          RequestFailure(
            kind: .malformed, status: response.status, detail: "\(error)".prefix(300).description))
      }
    }
  }
}
