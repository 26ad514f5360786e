/// Why a past state cannot be rebuilt.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Retention dropped the events before `firstSeq` (the log's `log.base`).
  case beforeRetained(seq: UInt64, firstSeq: UInt64)

  public var description: String {
    switch self {
    case .beforeRetained(let seq, let first):
      return
        "seq \(seq) is before the retained history: the log starts at seq \(first) (older events were dropped by retention)"
    }
  }
}
