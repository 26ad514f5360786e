#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The event type names a reader has met, kept as one `String` each so that reading a line
/// shares its type's string instead of making one per line (a name past 15 bytes would cost
/// an allocation each time, and every lookup by it would compare fresh storage).
///
/// Owned by the `LogCursor` reading the lines; bounded at `capacity` names (a log with more
/// types than that makes the rest per line, as before).
struct EventTypeNames {
  /// The most names kept: a build has a few dozen event types.
  static let capacity = 128

  private var names: [(bytes: [UInt8], text: String)] = []
  /// Where the last name was found: lines of one type come in runs.
  private var last = 0

  /// The name spelled by `bytes` (a type's unescaped bytes), shared with earlier lines.
  mutating func name(_ bytes: UnsafeRawBufferPointer) -> String {
    if last < names.count, Self.equal(names[last].bytes, bytes) { return names[last].text }
    for (k, known) in names.enumerated() where Self.equal(known.bytes, bytes) {
      last = k
      return known.text
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if names.count < Self.capacity {
      names.append((Array(bytes), text))
      last = names.count - 1
    }
    return text
  }

  private static func equal(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    guard known.count == bytes.count else { return false }
    guard let other = bytes.baseAddress, !known.isEmpty else { return true }
    return known.withUnsafeBytes { memcmp($0.baseAddress!, other, known.count) == 0 }
  }
}
