/// When an append is forced to disk, chosen when the log is opened.
public enum Durability: Sendable, Equatable, CustomStringConvertible {
  /// Each append is on disk before it returns; appends waiting together share one fsync.
  case fsync
  /// Appends return once written; an fsync follows within the given milliseconds.
  case batch(milliseconds: Int)
  /// The operating system decides when to write; a crash of the machine may lose recent events.
  case none

  /// The default interval of `batch`.
  public static let defaultBatchMilliseconds = 10

  /// Parses `fsync`, `batch`, `batch:MS` or `none`.
  public init?(_ text: String) {
    switch text {
    case "fsync": self = .fsync
    case "none": self = .none
    case "batch": self = .batch(milliseconds: Durability.defaultBatchMilliseconds)
    default:
      guard text.hasPrefix("batch:"), let ms = Int(text.dropFirst(6)), ms >= 1, ms <= 60_000 else {
        return nil
      }
      self = .batch(milliseconds: ms)
    }
  }

  public var description: String {
    switch self {
    case .fsync: return "fsync"
    case .none: return "none"
    case .batch(let ms): return "batch:\(ms)"
    }
  }
}
