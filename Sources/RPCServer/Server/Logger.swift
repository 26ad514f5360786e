import Foundation
import JSONRPC

/// Diagnostics on stderr, by level (`--log-level`). Never given secrets: callers log method
/// names, seqs and error codes, not parameters.
public final class Logger: Sendable {
  public enum Level: Int, Sendable, Comparable, CaseIterable {
    case error, warn, info, debug
    public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    public init?(_ text: String) {
      guard let level = Level.allCases.first(where: { "\($0)" == text }) else { return nil }
      self = level
    }
  }

  public let level: Level
  private let sink: @Sendable (String) -> Void

  public init(
    level: Level,
    sink: @escaping @Sendable (String) -> Void = { DiagnosticOutput.standardError.line($0) }
  ) {
    self.level = level
    self.sink = sink
  }

  public func log(_ level: Level, _ text: @autoclosure () -> String) {
    guard level <= self.level else { return }
    sink("gallery-rpc [\(level)] \(text())")
  }
}
