import Foundation

/// Removes secrets (API keys, the client secret, tokens) from text a provider sent back
/// before it is recorded, published or logged: a 400 that echoes the key must not put the
/// key in the log. Matching is on the secret's JSON-escaped bytes, so it works on an encoded
/// event's data as on plain text; a secret shorter than 8 bytes or without a letter is never
/// matched (it could be a number or a word that data holds for its own reasons).
public struct SecretRedaction: Sendable, Equatable {
  /// What a secret becomes.
  public static let mark = "[redacted]"
  private let patterns: [[UInt8]]

  public init(_ secrets: [String]) {
    var seen = Set<[UInt8]>()
    patterns = secrets.compactMap { secret -> [UInt8]? in
      guard secret.utf8.count >= 8, secret.contains(where: \.isLetter) else { return nil }
      let escaped = JSONOutput.bytes { JSONWriter.writeString(secret, to: &$0) }
      let pattern = Array(escaped.dropFirst().dropLast())
      return seen.insert(pattern).inserted ? pattern : nil
    }
    // Longest first: a secret that contains another is replaced whole.
    .sorted { $0.count > $1.count }
  }

  /// Whether there is anything to look for.
  public var isEmpty: Bool { patterns.isEmpty }

  /// `bytes` with every secret replaced by the mark; nil when none occurs (the common case
  /// costs one search per secret and no copy).
  public func redact(_ bytes: [UInt8]) -> [UInt8]? {
    guard patterns.contains(where: { Self.find($0, in: bytes, from: 0) != nil }) else { return nil }
    var out = bytes
    let mark = Array(Self.mark.utf8)
    for pattern in patterns {
      var from = 0
      while let at = Self.find(pattern, in: out, from: from) {
        out.replaceSubrange(at..<(at + pattern.count), with: mark)
        from = at + mark.count
      }
    }
    return out
  }

  /// Where `pattern` first occurs in `bytes` at or after `from`: a scan for its first byte,
  /// then a compare (every append of a server with keys configured pays this search).
  static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
    guard let first = pattern.first, bytes.count - from >= pattern.count else { return nil }
    return bytes.withUnsafeBufferPointer { hay in
      pattern.withUnsafeBufferPointer { needle in
        var i = from
        let last = hay.count - needle.count
        while i <= last {
          if hay[i] == first, memcmp(hay.baseAddress! + i, needle.baseAddress!, needle.count) == 0 {
            return i
          }
          i += 1
        }
        return nil
      }
    }
  }

  /// `text` with every secret replaced by the mark.
  public func redact(_ text: String) -> String {
    redact(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? text
  }
}
