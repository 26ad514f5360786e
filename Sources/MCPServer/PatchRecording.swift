import JSON

/// The state changes one waiting call saw, as RFC 6902 operations in order, cut past a bound.
struct PatchRecording: Sendable {
  /// The most bytes of operations kept; later ones are counted, not kept.
  static let maxBytes = 64 << 10
  var operations: [JSONValue] = []
  var bytes = 0
  var cut = 0

  mutating func record(_ operation: JSONValue) {
    let size = JSONWriter.bytes(operation).count
    guard bytes + size <= Self.maxBytes else {
      cut += 1
      return
    }
    bytes += size
    operations.append(operation)
  }
}
