import Foundation

/// Fetches image bytes: http(s) through the HTTP client, `demo://` from the demo catalog;
/// any other scheme (file://, data:, …) is refused, so a provider cannot make us read local
/// files. The bytes must look like an image (JPEG, PNG, GIF, WebP or BMP).
public struct ImageSource: Sendable {
  public var http: any HTTPClient
  /// Largest accepted image, in bytes.
  public var maxBytes: Int
  public var timeout: Double

  /// A dead image host must end in the broken state quickly: 10 s by default.
  public init(http: any HTTPClient, maxBytes: Int = 20 << 20, timeout: Double = 10) {
    self.http = http
    self.maxBytes = maxBytes
    self.timeout = timeout
  }

  public func fetch(_ url: String) async -> Result<[UInt8], RequestFailure> {
    if url.isEmpty {
      return .failure(RequestFailure(kind: .malformed, detail: "the provider gave no usable image URL"))
    }
    if url.hasPrefix("demo://") {
      guard let bytes = DemoImages.image(for: url) else {
        return .failure(RequestFailure(kind: .http, status: 404))
      }
      return .success(bytes)
    }
    guard let parsed = ProviderDecoding.webURL(url).flatMap(URL.init(string:)) else {
      return .failure(RequestFailure(kind: .malformed, detail: "refused an image URL that is not http(s)"))
    }
    switch await http.send(HTTPRequest(url: parsed, timeout: timeout, maxResponseBytes: maxBytes)) {
    case .failure(var failure):
      if failure.kind == .tooLarge { failure.reason = "image.tooLarge" }
      return .failure(failure)
    case .success(let response):
      guard (200..<300).contains(response.status) else { return .failure(HTTPStatus.failure(for: response)) }
      guard response.body.count <= maxBytes else {
        return .failure(
          RequestFailure(
            kind: .tooLarge, detail: "image of \(response.body.count) bytes exceeds \(maxBytes)",
            limitBytes: maxBytes, reason: "image.tooLarge"))
      }
      let bytes = [UInt8](response.body)
      guard Self.looksLikeImage(bytes) else {
        return .failure(RequestFailure(kind: .malformed, detail: "the body is not an image"))
      }
      return .success(bytes)
    }
  }

  /// Checks the magic bytes of the common image formats.
  public static func looksLikeImage(_ b: [UInt8]) -> Bool {
    func starts(_ p: [UInt8], at offset: Int = 0) -> Bool {
      b.count >= offset + p.count && Array(b[offset..<(offset + p.count)]) == p
    }
    return starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      || starts(Array("GIF8".utf8))
      || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8))
      || (starts(Array("BM".utf8)) && b.count > 54)
  }
}
